"""The page's one game menu (dashboard/gamemenu.py): every game, grouped by source; what the game decides; old addresses."""

from __future__ import annotations

import urllib.parse

import pytest
from dash import no_update

from dashboard import gamemenu, ids, layout, urlstate
from dashboard.components import DEFERRED_SHOWN, DEFERRED_WAITING
from dashboard.defaults import DEFAULT_TAB
from dashboard.registry import TABS
from solver.registry import find_game, game_names, games

PUT_OR_TAKE_TABS = ("explore", "thesis", "play", "inspect", "sums")


def test_every_game_is_in_the_menu_once_under_its_group():
    options = gamemenu.menu_options()
    listed = [o["value"] for o in options if not o.get("disabled")]
    assert listed == list(game_names())
    # Headings are the games' groups, in order, each once, and cannot be chosen.
    headings = [o["label"] for o in options if o.get("disabled")]
    assert headings == list(dict.fromkeys(game.group for game in games()))
    group = None
    for option in options:
        if option.get("disabled"):
            group = option["label"]
        else:
            assert find_game(option["value"]).group == group
            assert option["label"] == find_game(option["value"]).title
    # A game typed (a member of a family) is added once, under its group.
    typed = gamemenu.menu_options("octal-0.6")
    assert [o["value"] for o in typed[-1:]] == ["octal-0.6"] and typed[-2]["disabled"]
    assert gamemenu.menu_options("kayles") == options  # an alias of a listed game adds nothing


def test_each_game_gets_the_tabs_that_serve_it():
    for game in games():
        tabs = gamemenu.game_tabs(game)
        assert tabs, game.name
        if game.bounded:
            assert tabs == PUT_OR_TAKE_TABS
        elif game.value_kind == "grundy":
            assert tabs[0] == "finite" and set(tabs) <= {"finite", "graphs"}
            assert ("graphs" in tabs) == ("graph" in game.views)
        else:
            assert tabs == ("graphs",)
    assert gamemenu.game_tabs(find_game("eraserhead")) == ("finite", "graphs")
    assert gamemenu.game_tabs(find_game("chomp-4x5")) == ("finite",)
    assert gamemenu.first_tabs()["tokens"] == "graphs" and gamemenu.first_tab("nonsense") == TABS[0].value


def test_the_header_and_the_setup_follow_the_game():
    held = ["put-or-take-a-square", "octal-0.137", "tokens"]  # the rule, the finite tab's game, the graphs tab's
    out = gamemenu.choose_game("kayles", "explore", *held)
    title, intro, labels, setup, nav, tab, options, message, *derived = out
    assert title == "Kayles (0.77) explorer" and "Grundy" in labels and "N and alpha do not apply" in labels
    assert setup == {"display": "none"} and tab == "finite" and message == ""
    assert "tab-nav-single" in nav and all(f"hide-{t}" in nav for t in PUT_OR_TAKE_TABS + ("graphs",))
    assert "hide-finite" not in nav
    assert derived == [no_update, "octal-0.77", no_update]
    assert options == gamemenu.menu_options()
    out = gamemenu.choose_game("put-or-take-a-prime", "finite", *held)
    assert out[0] == "Put-or-Take-a-Prime explorer" and out[3] == {} and out[5] == "explore"
    assert "remoteness" in out[2]
    assert out[8] == "put-or-take-a-prime" and out[9] is no_update and out[10] is no_update
    assert "tab-nav-single" not in out[4] and "hide-finite" in out[4] and "hide-play" not in out[4]
    out = gamemenu.choose_game("eraserhead", "graphs", *held)
    assert out[5] is no_update  # the open tab serves it
    assert out[8:] == (no_update, "eraserhead", "eraserhead")
    assert "hide-graphs" not in out[4] and "hide-finite" not in out[4] and "tab-nav-single" not in out[4]
    out = gamemenu.choose_game("tokens", "explore", *held)
    assert "Play may go on for ever" in out[2] and out[5] == "graphs" and out[8:] == (no_update,) * 3
    # Not a game: nothing changes but the message.
    out = gamemenu.choose_game("<b>x</b>", "explore", *held)
    assert out[7].startswith("no game is named") and all(v is no_update for i, v in enumerate(out) if i != 7)


def test_a_typed_name_becomes_the_menu_value_or_says_why_not():
    assert gamemenu.type_game(" Dawsons-Kayles ") == ("octal-0.07", "")
    assert gamemenu.type_game("subtraction-1,2,5") == ("subtraction-1,2,5", "")
    for bad, words in [("x" * 81, "at most 80"), ("octal-9", "octal"), ("chomp-9x9", "at most 24"), ("", "")]:
        value, message = gamemenu.type_game(bad)
        assert value is no_update and words in message
    with pytest.raises(ValueError, match="no game is named"):
        gamemenu.check_game_param("nonsense")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("?tab=finite&fgame=kayles", "?game=octal-0.77"),
        ("?tab=finite", "?game=octal-0.137"),
        ("?tab=finite&fgame=eraserhead&fpos=cycle-9:0,3", "?game=eraserhead&fpos=cycle-9%3A0%2C3"),
        ("?tab=graphs&ggame=snakes-and-adders", "?game=snakes-and-adders"),
        ("?tab=graphs", "?game=tokens"),
        ("?tab=graphs&ggame=eraserhead", "?game=eraserhead&tab=graphs"),
        ("?rule=put-or-take-a-prime&n=300", "?game=put-or-take-a-prime&n=300"),
        ("?rule=subtract-a-square&tab=play", "?game=subtract-a-square&tab=play"),
        ("?fgame=kayles", ""),  # the finite tab's game, but the tab was not open: the default page
        ("?game=wythoff&rule=put-or-take-a-prime&fgame=kayles", "?game=wythoff"),
        ("?game=put-or-take-a-square", ""),
    ],
)
def test_old_addresses_are_read_and_written_anew(old, new):
    values, ignored = urlstate.read_query(old)
    assert ignored == []
    assert urlstate.query_from_controls(values) == new
    # The new address reads back to the same controls.
    assert urlstate.read_query(new)[0] == values


def test_a_tab_that_does_not_serve_the_game_gives_way_and_says_so():
    # Kayles has no Play tab: the page opens on its first tab, and the notice names the tab refused and the one shown.
    for search, title in (("?game=kayles&tab=play", "Kayles (0.77)"), ("?game=put-or-take-a-cube&tab=finite", None)):
        values, ignored = urlstate.read_query(search)
        game = find_game(values[0])
        first = gamemenu.game_tabs(game)[0]
        assert values[1] == first
        label = {tab.value: tab.label for tab in TABS}
        asked = search.rsplit("tab=", 1)[1]
        assert ignored == [f"tab={asked}: {title or game.title} has no tab {label[asked]} (it opens on {label[first]})"]
        address = urlstate.query_from_controls(values)
        assert "tab=" not in address and urlstate.read_query(address) == (values, [])
    # A tab refused outright is named once, by its own check.
    values, ignored = urlstate.read_query("?game=wythoff&tab=zzz")
    assert len(ignored) == 1 and ignored[0].startswith("tab=zzz: the tab must be one of")


def test_a_bad_old_game_is_named_under_its_old_key():
    values, ignored = urlstate.read_query("?rule=square-but-two")
    assert values == urlstate.read_query("")[0]
    assert len(ignored) == 1 and ignored[0].startswith("rule=square-but-two: no game is named")
    # A refused game with the tab named: the tab's own first game, on that tab.
    values, ignored = urlstate.read_query("?tab=finite&fgame=octal-9.9")
    assert values[:2] == ["octal-0.137", "finite"] and ignored[0].startswith("fgame=octal-9.9: ")
    values, ignored = urlstate.read_query("?game=nope&tab=graphs")
    assert values[:2] == ["tokens", "graphs"] and ignored[0].startswith("game=nope: ")


def test_every_listed_game_has_an_address_of_its_own():
    defaults = urlstate.read_query("")[0]
    for name in game_names():
        values, ignored = urlstate.read_query(f"?game={name}")
        assert ignored == [] and values[0] == name
        address = urlstate.query_from_controls(values)
        assert address == ("" if name == defaults[0] else f"?game={urllib_quote(name)}")
        assert values[1] == gamemenu.game_tabs(find_game(name))[0]


def urllib_quote(text: str) -> str:
    import urllib.parse

    return urllib.parse.quote_plus(text)


def test_the_address_sets_the_game_s_controls_in_the_same_request():
    held = ["put-or-take-a-square", "octal-0.137", "tokens"]
    assert gamemenu.derived_ids() == [ids.RULE_SELECT, "finite-game", "graphs-game"]
    got = urlstate.derived_from_address({"search": "?tab=finite&fgame=wythoff", "seq": 1}, held)
    assert got == [no_update, "wythoff", no_update]
    got = urlstate.derived_from_address({"search": "?game=square-but-one", "seq": 2}, held)
    assert got == ["square-but-one", no_update, no_update]
    got = urlstate.derived_from_address({"search": "?game=monochrome", "seq": 3}, held)
    assert got == [no_update, "monochrome", "monochrome"]
    assert urlstate.derived_from_address(None, held) == [no_update] * 3
    # Anything else the page sends reads as the default page.
    assert urlstate.derived_from_address({"search": 5}, [None, None, None]) == [
        "put-or-take-a-square",
        no_update,
        no_update,
    ]


def test_a_position_at_its_game_s_start_is_left_out_of_the_address():
    keys = [key for key, *_ in urlstate.PARAMS]
    values, _ignored = urlstate.read_query("?game=wythoff")
    assert values[keys.index("fpos")] == "7,12" == find_game("wythoff").example
    values, _ignored = urlstate.read_query("?game=snakes-and-adders")
    assert values[keys.index("gboard")].startswith("20:") and values[keys.index("gpos")] == "1,4"
    # Another position is written; the default game's page keeps its own defaults.
    values[keys.index("gpos")] = "2,4"
    assert urlstate.query_from_controls(values) == "?game=snakes-and-adders&gpos=2%2C4"
    values, _ignored = urlstate.read_query("")
    assert values[keys.index("fpos")] == "5+7+9" and urlstate.query_from_controls(values) == ""


def test_a_game_unmounts_the_tabs_that_do_not_serve_it():
    for name in ("wythoff", "put-or-take-a-prime", "tokens", "eraserhead", "octal-0.6"):
        served = gamemenu.game_tabs(find_game(name))
        written = dict(zip([tab.value for tab in TABS], gamemenu.dropped_tabs(name), strict=True))
        assert {tab for tab, value in written.items() if value is no_update} == set(served), name
        assert {value for tab, value in written.items() if tab not in served} <= {DEFERRED_WAITING}, name
    for bad in ("nonsense", None, "", "x" * 500):
        assert gamemenu.dropped_tabs(bad) == [no_update] * len(TABS)


def _finite_answer(name, position) -> dict[str, object]:
    """The menu's answer in the finite tab (answer_tabs), by output (``id.prop``)."""
    from dashboard.tabs.finite import TAB as FINITE

    outputs = [f"{cid}.{prop}" for tab, answer in gamemenu.answering_tabs() for cid, prop in answer.outputs]
    states = [position if tab is FINITE else None for tab, answer in gamemenu.answering_tabs() for _ in answer.states]
    written = dict(zip(outputs, gamemenu.answer_tabs(name, *states), strict=True))
    return {key: value for key, value in written.items() if key.startswith("finite-")}


def test_the_menu_writes_a_finite_game_s_panels_and_position_with_the_game():
    # The views the game shows are shown and mounted, the others hidden and left waiting; a reference:
    # the tab's own choose_game, which the page served for the game's address holds too.
    from dashboard.tabs.finite import callbacks as finite
    from dashboard.tabs.finite import ids as finite_ids
    from dashboard.tabs.finite.games import find_game as finite_game
    from dashboard.tabs.finite.views import VIEWS, mount_id, panel_id

    for name in ("spring-cleaning", "euclid3", "octal-4.7", "magnetism"):
        game = finite_game(name)
        written = _finite_answer(name, None)
        styles = finite.choose_game(name)[2:]
        for key, style in zip(VIEWS, styles, strict=True):
            assert written[f"{panel_id(key)}.style"] == style, (name, key)
            shown = key in game.views
            assert (style.get("display") != "none") is shown, (name, key)
            assert written[f"{mount_id(key)}.value"] == (DEFERRED_SHOWN if shown else DEFERRED_WAITING), (name, key)
        start = game.format(game.start())
        assert written[f"{finite_ids.POSITION}.value"] == start
        assert start in written[f"{finite_ids.PLAY_LOG}.children"]
        assert written[f"{finite_ids.GAME_ERROR}.children"] == ""
    # A position of the new game is kept (no new-game line); one that is not becomes the start.
    octal = finite_game("octal-4.7")
    kept = _finite_answer("octal-4.7", "7")
    assert kept[f"{finite_ids.POSITION}.value"] == octal.format(octal.parse("7"))
    assert kept[f"{finite_ids.PLAY_LOG}.children"] == ""
    assert _finite_answer("octal-4.7", "not a heap")[f"{finite_ids.POSITION}.value"] == octal.format(octal.start())
    # A game the tab does not serve, or no game at all, writes nothing in it.
    for name in ("put-or-take-a-square", "tokens", "nonsense", None):
        assert set(map(id, _finite_answer(name, "7").values())) == {id(no_update)}, name


def _explore_holder(node) -> object:
    if isinstance(node, dict):
        props = node.get("props", {})
        if props.get("id") == ids.deferred_id(DEFAULT_TAB):
            return props.get("value")
        node = list(props.values())
    if isinstance(node, list):
        for child in node:
            found = _explore_holder(child)
            if found is not None:
                return found
    return None


def test_the_layout_leaves_the_default_tab_unmounted_for_another_games_address():
    from dashboard.app import create_app

    client = create_app().server.test_client()
    for address, mounted in [
        (None, True),
        ("http://127.0.0.1:8050/", True),
        ("http://127.0.0.1:8050/?game=put-or-take-a-prime&n=300", True),
        ("http://127.0.0.1:8050/?game=nonsense", True),  # the page says so, on the default tab
        ("http://127.0.0.1:8050/?game=%ff%fe&game=", True),
        ("http://127.0.0.1:8050/?game=wythoff", False),
        ("http://127.0.0.1:8050/?game=tokens", False),
        ("http://127.0.0.1:8050/?tab=finite&fgame=kayles", False),  # an old address, read as the page reads it
    ]:
        expected = DEFAULT_TAB in gamemenu.game_tabs(find_game(name)) if (name := _game_of(address)) else True
        assert expected == mounted, address
        answer = client.get("/_dash-layout", headers={"Referer": address} if address else {})
        assert answer.status_code == 200
        holder = _explore_holder(answer.get_json())
        assert holder == (DEFERRED_SHOWN if mounted else DEFERRED_WAITING), address
        assert layout.opens_elsewhere(address) is not mounted


def _game_of(address: str | None) -> str | None:
    """The game an address names, read without the code under test: None for none or one that is no game."""
    if not address:
        return None
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)
    name = query.get("game", query.get("fgame", [None]))[-1]
    try:
        return find_game(name).name if name else None
    except (TypeError, ValueError):
        return None


def _props_by_id(node, found: dict | None = None) -> dict:
    """Every component's properties in a served layout (its JSON), by the component's id."""
    found = {} if found is None else found
    if isinstance(node, dict):
        props = node.get("props", {})
        if isinstance(props.get("id"), str):
            found[props["id"]] = props
        node = list(props.values())
    if isinstance(node, list):
        for child in node:
            _props_by_id(child, found)
    return found


@pytest.mark.parametrize(
    "name", [name for name in game_names() if DEFAULT_TAB not in gamemenu.game_tabs(find_game(name))]
)
def test_the_layout_of_a_games_address_holds_the_game_so_reading_the_address_only_opens_its_tab(name):
    import html

    from dashboard.app import create_app

    client = create_app().server.test_client()
    address = f"http://127.0.0.1:8050/?game={name}"
    served = _props_by_id(client.get("/_dash-layout", headers={"Referer": address}).get_json())
    game = find_game(name)
    title, intro, labels = gamemenu.header(game)
    assert [served[i]["children"] for i in (ids.PAGE_TITLE, ids.PAGE_INTRO, ids.PAGE_LABELS)] == [title, intro, labels]
    assert f"<title>{html.escape(title)}</title>" in client.get(f"/?game={name}").get_data(as_text=True)
    first = gamemenu.game_tabs(game)[0]
    for tab in TABS:
        holder = served[ids.deferred_id(tab.value)]["value"]
        assert holder == DEFERRED_SHOWN if tab.value == first else holder == DEFERRED_WAITING, tab.value
    # The address's reading finds every control as the address wants it but the open tab, which it opens.
    values = [served.get(cid, {}).get(prop) for _key, cid, prop, _default in urlstate.PARAMS]
    read = urlstate.read_address({"search": f"?game={name}", "seq": 1}, values)
    changed = {
        key: value
        for (key, *_rest), value in zip(urlstate.PARAMS, read[3 : 3 + len(urlstate.PARAMS)], strict=True)
        if value is not no_update
    }
    assert changed == {urlstate.TAB_KEY.key: first}
    held = [served[cid].get("value") for cid in gamemenu.derived_ids()]
    derived = urlstate.derived_from_address({"search": f"?game={name}"}, held)
    tabs_with_answers = {tab.game_input for tab in TABS if tab.chosen is not None}
    assert all(
        value is no_update
        for cid, value in zip(gamemenu.derived_ids(), derived, strict=True)
        if cid in tabs_with_answers
    )
