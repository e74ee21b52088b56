"""The URL query string and the controls."""

from __future__ import annotations

import os
import urllib.parse

import pytest
from browser_support import CHROMIUM

from dashboard import urlstate
from dashboard.tabs.explore import ids as explore_ids


def _defaults():
    return [default for _k, _c, _p, default in urlstate.PARAMS]


def test_defaults_give_a_clean_address_and_back():
    assert urlstate.query_from_controls(_defaults()) == ""
    assert urlstate.controls_from_query("") == _defaults()
    assert urlstate.controls_from_query(None) == _defaults()


def test_round_trip_of_changed_controls():
    values = _defaults()
    keys = [k for k, *_ in urlstate.PARAMS]
    values[keys.index("n")] = "100000"
    values[keys.index("tab")] = "thesis"
    values[keys.index("depth")] = 9
    values[keys.index("start")] = "10**30"
    query = urlstate.query_from_controls(values)
    assert "n=100000" in query and "tab=thesis" in query and "depth=9" in query
    assert "alpha" not in query  # defaults are left out
    assert urlstate.controls_from_query(query) == values


def test_bad_values_fall_back_to_defaults_with_a_notice():
    keys = [k for k, *_ in urlstate.PARAMS]
    defaults = _defaults()
    got, ignored = urlstate.read_query("?depth=lots&n=abc&alpha=50")
    assert got[keys.index("depth")] == defaults[keys.index("depth")]
    assert got[keys.index("n")] == defaults[keys.index("n")]
    assert got[keys.index("alpha")] == "50"  # a good value still applies
    assert sorted(line.split(":")[0] for line in ignored) == ["depth=lots", "n=abc"]


@pytest.mark.parametrize(
    "query,key,words",
    [
        ("?tab=nonsense", "tab", "the tab must be one of explore, thesis, play, inspect"),
        ("?depth=99", "depth", "from 1 to 20"),
        ("?depth=0", "depth", "from 1 to 20"),
        ("?diff=21", "diff", "from 1 to 20"),
        ("?strength=7", "strength", "from 0 to 1"),
        ("?strength=0.33", "strength", "steps of 0.05"),
        ("?strength=nan", "strength", "from 0 to 1"),
        ("?n=10**9", "n", "at most 10,000,000"),
        ("?alpha=0", "alpha", "at least 1"),
        ("?density=sqrt", "density", "density transform"),
        ("?mode=god", "mode", "the mode"),
        ("?first=nobody", "first", "who moves first"),
        ("?mn=10**7", "mn", "at most"),
        ("?rcap=10**9", "rcap", "at most"),
        ("?inspect=-1", "inspect", "at least 0"),
        ("?view=graph", "view", "the Explore view must be one of summary, densities"),
        ("?view=<b>tree</b>", "view", "the Explore view must be one of"),
    ],
)
def test_out_of_range_values_are_ignored_and_named(query, key, words):
    keys = [k for k, *_ in urlstate.PARAMS]
    got, ignored = urlstate.read_query(query)
    assert got == _defaults()
    assert len(ignored) == 1 and ignored[0].startswith(f"{key}=") and words in ignored[0]
    children, style = urlstate.notice(ignored)
    assert isinstance(children, str) and words in children and style == {"display": "block"}
    assert keys.index(key) >= 0


def test_html_in_the_address_never_reaches_a_control():
    # The phishing link of the security report: rn is a number box of the
    # random-play panel, whose message used to be drawn into a figure.
    query = "?tab=thesis&rn=" + urllib.parse.quote('<a href="https://example.com/phish">Session expired</a>')
    got, ignored = urlstate.read_query(query)
    keys = [k for k, *_ in urlstate.PARAMS]
    assert got[keys.index("rn")] == _defaults()[keys.index("rn")]
    assert got[keys.index("tab")] == "thesis"
    assert len(ignored) == 1 and ignored[0].startswith("rn=")
    # The notice is plain text (Dash renders a string as text, not HTML).
    children, _ = urlstate.notice(ignored)
    assert isinstance(children, str)


def test_unknown_keys_and_huge_values_are_reported_short():
    got, ignored = urlstate.read_query("?zzz=1&start=" + "9" * 5000)
    assert got == _defaults()
    assert any("zzz" in line and "not a setting" in line for line in ignored)
    assert all(len(line) < 200 for line in ignored)
    got, ignored = urlstate.read_query("?n=" + "1" * (urlstate.MAX_QUERY_CHARS + 1))
    assert got == _defaults() and "longer than" in ignored[0]


def test_a_clean_address_shows_no_notice():
    assert urlstate.notice([]) == ("", {"display": "none"})
    assert urlstate.read_query("?n=100000&strength=0.5&tab=play")[1] == []


@pytest.mark.parametrize("search", [None, 5, {}, [], "???", "?&&=", "?n"])
def test_any_search_value_gives_the_controls(search):
    values, _ignored = urlstate.read_query(search)
    assert len(values) == len(urlstate.PARAMS)


def test_sync_url_from_the_address_sets_controls_and_notice():
    from dash import no_update

    from dashboard import ids

    out = urlstate.sync_url(ids.URL, "?depth=99&n=20000", _defaults())
    keys = [k for k, *_ in urlstate.PARAMS]
    assert out[0] is no_update
    assert "depth=99" in out[1] and out[2] == {"display": "block"}
    controls = out[3:]
    # depth=99 is ignored: the depth control already holds its default, so it is
    # left alone (sending it back would fire its callbacks again); N changes.
    assert controls[keys.index("n")] == "20000" and controls[keys.index("depth")] is no_update
    # Controls already holding the address's values are not sent back at all
    # (first load: no callback runs twice).
    out = urlstate.sync_url(None, "", _defaults())
    assert all(v is no_update for v in out[3:])
    # A control holding another value is set back to the address's (back button).
    moved = _defaults()
    moved[keys.index("depth")] = 10
    out = urlstate.sync_url(ids.URL, "?n=20000", moved)
    assert out[3:][keys.index("depth")] == 6 and out[3:][keys.index("n")] == "20000"
    # From a control: the query string only.
    values = _defaults()
    values[keys.index("n")] = "20000"
    out = urlstate.sync_url(ids.N_INPUT, "", values)
    assert out[0] == "?n=20000" and all(v is no_update for v in out[1:])


def test_the_tab_list_matches_the_page():
    # The address takes exactly the tabs of the page's tab bar, in its order.
    from dashboard import ids
    from dashboard.layout import build_layout
    from tests.test_dashboard import _find

    values = tuple(tab.value for tab in _find(build_layout(), ids.TABS).children)
    assert all(urlstate.CHECKS["tab"](value) == value for value in values)
    with pytest.raises(ValueError, match="the tab must be one of " + ", ".join(values) + "$"):
        urlstate.CHECKS["tab"]("nonsense")


def test_every_key_is_declared_once():
    from dashboard.registry import TABS
    from dashboard.tabs import Tab
    from dashboard.urlkeys import UrlKey, whole

    keys = [key for key, *_ in urlstate.PARAMS]
    assert len(keys) == len(set(keys)) and keys == [key.key for key in urlstate.URL_KEYS]
    # A tab that declares a key another part of the page owns is refused, with both owners named.
    clash = Tab("clash", "Clash", lambda: None, lambda app: None, url_keys=(UrlKey("n", "clash-n", "1", whole("n")),))
    with pytest.raises(ValueError, match="'n' is declared by the setup bar and by tab 'clash'"):
        urlstate.collect_keys([*TABS, clash])


def test_every_parameter_names_a_component_of_the_page():
    from dashboard.layout import build_layout
    from tests.test_dashboard import _find

    layout = build_layout()
    for key, cid, _prop, _default in urlstate.PARAMS:
        assert _find(layout, cid) is not None, key


def test_defaults_are_the_controls_own_starting_values():
    # Each default is written once (solver.config, dashboard.defaults): the
    # address's defaults are exactly what the page starts with.
    from dashboard.layout import build_layout
    from tests.test_dashboard import _find

    layout = build_layout()
    for key, cid, prop, default in urlstate.PARAMS:
        assert getattr(_find(layout, cid), prop) == default, key


def test_the_explore_view_and_the_depth_box_are_in_the_address():
    from dashboard import ids
    from dashboard.tabs.explore.layout import DEFAULT_VIEW, VIEW_LABELS

    table = {key: (cid, prop) for key, cid, prop, _d in urlstate.PARAMS}
    assert table["view"] == (explore_ids.EXPLORE_VIEW, "value")
    # The depth box holds the applied depth: one address change per depth change.
    assert table["depth"] == (explore_ids.DEPTH_INPUT, "value")
    keys = [k for k, *_ in urlstate.PARAMS]
    for view in VIEW_LABELS:
        got, ignored = urlstate.read_query(f"?view={view}")
        assert got[keys.index("view")] == view and ignored == []
        values = _defaults()
        values[keys.index("view")] = view
        query = urlstate.query_from_controls(values)
        assert query == ("" if view == DEFAULT_VIEW else f"?view={view}")
        assert urlstate.controls_from_query(query) == values
    # Back or forward to another view sets the switch; the default view is a clean address.
    out = urlstate.sync_url(ids.URL, "?view=tree", _defaults())
    assert out[3:][keys.index("view")] == "tree"
    moved = _defaults()
    moved[keys.index("view")] = "tree"
    assert urlstate.sync_url(ids.URL, "", moved)[3:][keys.index("view")] == DEFAULT_VIEW


def test_a_default_given_as_another_number_type_is_left_out_of_the_address():
    # The strength slider sends 1 (an int) where the default is 1.0: still the default.
    values = [default for _key, _cid, _prop, default in urlstate.PARAMS]
    keys = [key for key, *_ in urlstate.PARAMS]
    values[keys.index("strength")] = 1
    assert "strength" not in urlstate.query_from_controls(values)


# --------------------------------------------------------------------------
# the two directions: the address is written in the browser, read on the server
# --------------------------------------------------------------------------


def test_read_address_sets_controls_and_says_what_the_address_settles_on():
    from dash import no_update

    keys = [k for k, *_ in urlstate.PARAMS]
    out = urlstate.read_address({"search": "?depth=99&n=20000&tab=thesis", "seq": 3}, _defaults())
    width = len(urlstate.PARAMS)
    children, style, settled, controls = out[0], out[1], out[2], out[3 : 3 + width]
    assert "depth=99" in children and style == {"display": "block"}
    assert controls[keys.index("n")] == "20000" and controls[keys.index("tab")] == "thesis"
    assert controls[keys.index("depth")] is no_update  # already holds the default
    # The address of what was set, bad values left out (the page replaces the address with it).
    assert settled == {"search": "?tab=thesis&n=20000", "seq": 3}
    # The same as the reference function from the address.
    reference = urlstate.sync_url(ids_url(), "?depth=99&n=20000&tab=thesis", _defaults())
    assert out[:2] == reference[1:3] and out[3 : 3 + width] == reference[3:]
    # Each judged key's store gets the value read (here every default).
    defaults = dict(zip(keys, _defaults(), strict=True))
    assert out[3 + width :] == [defaults[key] for key in keys if key in urlstate.JUDGED]
    # Back to the default address: the moved control returns, the notice goes.
    moved = _defaults()
    moved[keys.index("depth")] = 9
    out = urlstate.read_address({"search": "", "seq": 4}, moved)
    assert out[0] == "" and out[1] == {"display": "none"} and out[2] == {"search": "", "seq": 4}
    assert out[3:][keys.index("depth")] == 6


def ids_url():
    from dashboard import ids

    return ids.URL


@pytest.mark.parametrize(
    "data",
    [
        None,
        5,
        "?n=20000",
        [],
        {},
        {"search": 5},
        {"search": None, "seq": -1},
        {"seq": True},
        {"search": "?n=3", "seq": 2**60},
    ],
)
def test_read_address_takes_anything_the_page_sends(data):
    out = urlstate.read_address(data, _defaults())
    assert len(out) == 3 + len(urlstate.PARAMS) + len(urlstate.JUDGED)
    settled = out[2]
    assert isinstance(settled["search"], str) and isinstance(settled["seq"], int)
    assert 0 <= settled["seq"] < 2**53
    if data == "?n=20000":  # a plain string is the query itself
        assert settled["search"] == "?n=20000"


def test_only_the_reading_goes_to_the_server():
    # A control change writes the address in the browser: no server callback
    # has the address as an output or a control as an input.
    from dash import Dash

    from dashboard import ids

    app = Dash(__name__)
    app.layout = urlstate.location()
    urlstate.register(app)
    server = [spec for spec in app.callback_map.values() if spec.get("callback") is not None]
    assert len(server) == 1
    (spec,) = server
    assert [i["id"] for i in spec["inputs"]] == [urlstate.URL_READ]
    assert f"{ids.URL}.search" not in spec["output"]
    # In the browser: the writer (no output: it writes the history itself) and the gate.
    clientside = [spec for spec in app.callback_map.values() if spec.get("callback") is None]
    writer = [spec for spec in clientside if spec.get("no_output")]
    assert len(writer) == 1 and len(writer[0]["inputs"]) == len(urlstate.PARAMS)
    gates = [spec for spec in clientside if not spec.get("no_output") and urlstate.URL_READ in str(spec["output"])]
    assert len(gates) == 1 and [i["id"] for i in gates[0]["inputs"]] == [ids.URL]


#: Control values as a page sends them, one list per case (in PARAMS order,
#: changed where a case says).  Text of every kind, numbers of every shape.
_JS_CASES = [
    {},
    {"n": "100000", "tab": "thesis", "depth": 9, "start": "10**30"},
    {"depth": "6", "diff": 2.0, "strength": 1},  # defaults in another type: left out
    {"strength": 0.35000000000000003, "depth": 20, "diff": "  3 "},
    {"strength": 0.05, "seed": "2**63", "heaps": "1, 5"},
    {"strength": 1e-05, "depth": 1e21, "diff": 12345678901234567890},
    {"strength": "1_0", "depth": "1e0", "diff": "inf"},
    {"heaps": "a b&c=d/e?f#g+h%i", "fpos": "ä€𝄞 ~*'()!"},  # keys the page's script does not check
    {"start": "", "n": None, "alpha": "  100"},
    {"mode": True, "first": False, "view": "tree"},
    {"inspect": "9" * 30000},
    {"game": "<script>alert(1)</script>", "srule": "\t\n"},
    # The tab is left out where it is the game's first, written where it is not or the game is not listed.
    {"game": "octal-0.77", "tab": "finite"},
    {"game": "eraserhead", "tab": "graphs", "fpos": "cycle-9:0,2,4", "gboard": "cycle-9", "gpos": "0,2,4"},
    {"game": "tokens", "tab": "graphs", "gpos": "0"},
    {"game": "octal-0.6", "tab": "finite"},
    {"game": "put-or-take-a-prime", "tab": "play"},
]


def _case_values(case: dict) -> list:
    values = _defaults()
    keys = [k for k, *_ in urlstate.PARAMS]
    for key, value in case.items():
        values[keys.index(key)] = value
    return values


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")
def test_the_browser_writes_the_same_address_as_python(page):
    # WRITE_JS builds the query with QUERY_JS; run it in Chromium (the browser
    # the page runs in) on the values a page sends, passed through JSON as
    # they reach the server too, and compare with Python's reference.
    import json

    cases = [_case_values(case) for case in _JS_CASES]
    script = (
        "(() => {\n"
        "const toQuery = (" + urlstate.QUERY_JS + ");\n"
        "const table = " + json.dumps(urlstate.query_table()) + ";\n"
        "const cases = " + json.dumps(cases) + ";\n"
        "return JSON.stringify(cases.map((values) => [toQuery(values, table), JSON.stringify(values)]));\n"
        "})()"
    )
    answers = json.loads(page.evaluate(script))
    got = [query for query, _sent in answers]
    want = [urlstate.query_from_controls(json.loads(sent)) for _query, sent in answers]
    for case, js, python in zip(_JS_CASES, got, want, strict=True):
        assert js == python, (case, js[:200], python[:200])
    # The cases reach what they mean to: defaults left out, text quoted as Python quotes it.
    assert want[0] == "" and want[2] == ""
    assert "heaps=a+b%26c%3Dd%2Fe%3Ff%23g%2Bh%25i" in want[7] and "%7E" not in want[7]
    assert want[12:17] == [
        "?game=octal-0.77",
        "?game=eraserhead&tab=graphs",
        "?game=tokens&gpos=0",
        "?game=octal-0.6&tab=finite",
        "?game=put-or-take-a-prime&tab=play",
    ]


def test_a_game_chosen_gives_its_own_values_to_the_stores_of_controls_not_drawn():
    # The reference of RESET_JUDGED_JS: Eraserhead chosen in the menu, its Moves tab drawn and its graph tab not.
    from dash import no_update

    from dashboard.ids import GAME_MENU
    from dashboard.tabs.finite import ids as finite_ids
    from dashboard.tabs.graphs import ids as graphs_ids

    own = urlstate.judged_game_keys()
    keys = [key for key, _cid, _values in own]
    assert keys == ["fpos", "gboard", "gpos"]
    eraserhead = {key: urlstate.PER_GAME[key]["eraserhead"] for key in keys}
    out = dict(zip(keys, urlstate.reset_judged("eraserhead", False, [finite_ids.POSITION, GAME_MENU]), strict=True))
    assert out["fpos"] is no_update  # drawn: the tab keeps or resets it itself
    assert out["gboard"] == eraserhead["gboard"] and out["gpos"] == eraserhead["gpos"]
    out = urlstate.reset_judged("eraserhead", False, [graphs_ids.BOARD, graphs_ids.POSITION])
    assert out == [eraserhead["fpos"], no_update, no_update]
    # A game without such keys (the finite and graph tabs do not serve it): the keys' defaults, the page's own.
    defaults = {key: default for key, _cid, _prop, default in urlstate.PARAMS}
    for drawn in ([], [finite_ids.POSITION, graphs_ids.BOARD, graphs_ids.POSITION]):  # drawn: about to be unmounted
        assert urlstate.reset_judged("put-or-take-a-square", False, drawn) == [defaults[key] for key in keys]
    # Read from the address (with its values, in the same answer), or no game: kept.
    for game, from_address in (("eraserhead", True), ("put-or-take-a-square", True), (None, False), (5, False)):
        assert urlstate.reset_judged(game, from_address, []) == [no_update] * 3
    # The script is the same rule in the browser: its table is this one.
    assert "__KEYS__" in urlstate.RESET_JUDGED_JS and "__MENU__" in urlstate.RESET_JUDGED_JS
