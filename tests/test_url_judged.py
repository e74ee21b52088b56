"""Judged address keys: a value only the server can judge is refused on reading as the page refuses it, and written from the last value accepted.

The page's side, in a browser, is ``tests/test_browser_refused.py``; here the
plain functions: the address's reading (``dashboard.urlstate.read_query``,
``read_address``), each key's judgement, the stores the address is written
from, and the Games on graphs tab's marks on its boxes.
"""

from __future__ import annotations

import urllib.parse

import pytest
from dash import Dash, no_update

from dashboard import urlstate
from dashboard.registry import TABS
from dashboard.tabs.finite.games import judge_position_param
from dashboard.tabs.finite.views.euclid3 import judge_slice_param
from dashboard.tabs.finite.views.graphs import judge_lost_param
from dashboard.tabs.finite.views.octal import judge_heaps_param, judge_pairs_param
from dashboard.tabs.graphs import callbacks as graphs
from dashboard.tabs.graphs.games import GAMES
from dashboard.urlkeys import UrlKey, accepted_id, judged, whole

KEYS = [key for key, *_rest in urlstate.PARAMS]
TOKENS_BOARD = GAMES["tokens"].default_board
GATE = {"opened": True}


def _read(query: str) -> tuple[dict, list[str]]:
    values, ignored = urlstate.read_query(query)
    return dict(zip(KEYS, values, strict=True)), ignored


def _default(key: str, game: object = None) -> object:
    """A key's default: its own, or, for a key whose default follows the game (a position's box), the game's."""
    return urlstate.PER_GAME.get(key, {}).get(game, urlstate.PARAMS[KEYS.index(key)][3])


REFUSED = [
    ("?tab=finite&fgame=magnetism&fpos=" + urllib.parse.quote_plus("++.."), "fpos", "two equal tokens"),
    ("?tab=finite&fgame=eraserhead&fpos=cycle-9:0,0", "fpos", "named twice"),
    ("?tab=finite&fgame=eraserhead&fpos=foo", "fpos", "has no erasers"),
    ("?tab=finite&fgame=eraserhead&fpos=", "fpos", "has no erasers"),
    ("?tab=graphs&gboard=" + urllib.parse.quote_plus("0>1,1>"), "gboard", "is not an arc"),
    ("?tab=graphs&gpos=-1", "gpos", "is not a vertex"),
    ("?tab=finite&fgame=euclid3&fslice=20", "fslice", "at most 19"),
    ("?tab=finite&fgame=couples-are-forever&fheaps=1000000", "fheaps", "would take"),
    ("?tab=finite&fgame=eraserhead&flost=cycle&flostn=40", "flostn", "would take"),
]


@pytest.mark.parametrize(("query", "key", "message"), REFUSED)
def test_a_shared_address_refuses_what_the_page_refuses(query: str, key: str, message: str) -> None:
    values, ignored = _read(query)
    assert values[key] == _default(key, values["game"])
    (line,) = ignored
    assert line.startswith(f"{key}=") and message in line, line
    # The game named beside it is kept (the old fgame= read as the page's game): only the refused value is left out.
    assert values["tab"] == query.split("&")[0].removeprefix("?tab=")
    if "fgame=" in query:
        assert values["game"] == query.split("fgame=")[1].split("&")[0]


@pytest.mark.parametrize(
    ("query", "key", "value"),
    [
        ("?tab=finite&fgame=magnetism&fpos=" + urllib.parse.quote_plus("+.-"), "fpos", "+.-"),
        ("?tab=finite&fgame=eraserhead&fpos=cycle-9:0,3", "fpos", "cycle-9:0,3"),
        ("?tab=graphs&gboard=" + urllib.parse.quote_plus(TOKENS_BOARD + ",0>7"), "gboard", TOKENS_BOARD + ",0>7"),
        ("?tab=graphs&gpos=0,2", "gpos", "0,2"),
        ("?tab=finite&fgame=euclid3&fslice=5", "fslice", "5"),
        ("?tab=finite&fgame=couples-are-forever&fheaps=100", "fheaps", "100"),
        ("?tab=finite&fgame=spring-cleaning&fgrid=4x4", "fgrid", "4x4"),
    ],
)
def test_what_the_page_accepts_is_read(query: str, key: str, value: str) -> None:
    values, ignored = _read(query)
    assert values[key] == value and ignored == []


def test_a_judgement_sees_the_values_read_before_it() -> None:
    # The slice is judged against the side the address gives.
    values, ignored = _read("?tab=finite&fgame=euclid3&foct=10&fslice=12")
    assert values["foct"] == "10" and values["fslice"] == _default("fslice", "euclid3")
    assert ignored == ["fslice=12: c, the slice must be at most 9, got 12"]
    # A view's value is judged only for a game that shows the view.
    values, ignored = _read("?tab=finite&fgame=magnetism&fslice=20&fheaps=1000000")
    assert values["fslice"] == "20" and values["fheaps"] == "1000000" and ignored == []
    # A refused game leaves the default game, which judges the position.
    values, ignored = _read("?tab=finite&fgame=nothing-at-all&fpos=" + urllib.parse.quote_plus("++.."))
    assert values["game"] == "octal-0.137" and values["fpos"] == _default("fpos", "octal-0.137")
    assert [line.split("=")[0] for line in ignored] == ["fgame", "fpos"]
    # A refused board leaves the default board, on which the position is judged.
    values, ignored = _read("?tab=graphs&gboard=" + urllib.parse.quote_plus("0>1,1>") + "&gpos=7")
    assert values["gboard"] == TOKENS_BOARD and values["gpos"] == "7" and len(ignored) == 1


def test_every_typed_box_of_the_finite_and_graphs_tabs_is_judged() -> None:
    typed = {key.key for tab in TABS if tab.value in ("finite", "graphs") for key in tab.url_keys if key.number_box}
    assert typed <= set(urlstate.JUDGED)
    assert {"fpos", "fheaps", "fpairs", "fslice", "fgrid", "gboard", "gpos"} <= typed
    assert {"fpos", "fheaps", "fpairs", "fslice", "flostn", "gboard", "gpos"} <= set(urlstate.JUDGES)
    # The setup bar's boxes are checked in the browser itself, not judged.
    assert not {"n", "alpha", "rule"} & set(urlstate.JUDGED)
    assert urlstate.JUDGED["fpos"] == accepted_id("fpos") == "url-accepted-fpos"


def test_each_judged_key_has_a_store_holding_its_default() -> None:
    stores = {
        child.id: child.data
        for child in urlstate.location().children
        if getattr(child, "id", "").startswith("url-accepted-")
    }
    assert stores == {store: _default(key) for key, store in urlstate.JUDGED.items()}


def test_the_reading_writes_the_value_read_into_each_store() -> None:
    query = "?tab=finite&fgame=magnetism&fpos=" + urllib.parse.quote_plus("+.-") + "&fslice=3"
    out = urlstate.read_address({"search": query, "seq": 1}, [default for *_rest, default in urlstate.PARAMS])
    stores = dict(zip([key for key in KEYS if key in urlstate.JUDGED], out[3 + len(KEYS) :], strict=True))
    assert stores["fpos"] == "+.-" and stores["fslice"] == "3" and stores["fheaps"] == _default("fheaps")
    assert out[2]["search"] == "?game=magnetism&fslice=3&fpos=%2B.-"
    # A refused value reaches neither its store nor the settled address.
    out = urlstate.read_address({"search": "?tab=finite&fgame=magnetism&fpos=%2B%2B..", "seq": 2}, [None] * len(KEYS))
    stores = dict(zip([key for key in KEYS if key in urlstate.JUDGED], out[3 + len(KEYS) :], strict=True))
    assert stores["fpos"] == _default("fpos", "magnetism") and "fpos" not in out[2]["search"]


def test_the_address_is_written_from_the_stores_which_refused_values_never_reach() -> None:
    app = Dash(__name__)
    app.layout = urlstate.location()
    urlstate.register(app)
    specs = [spec for spec in app.callback_map.values() if spec.get("callback") is None]
    (writer,) = [spec for spec in specs if spec.get("no_output")]
    written_from = [i["id"] for i in writer["inputs"]]
    for (key, cid, _prop, _default), source in zip(urlstate.PARAMS, written_from, strict=True):
        assert source == urlstate.JUDGED.get(key, cid)
    # One judgement in the browser per judged key: its box's class, which marks a refused value, fills its store.
    accepting = [
        spec
        for spec in specs
        if any(i["property"] == "className" for i in spec["inputs"]) and "url-accepted-" in str(spec["output"])
    ]
    assert len(accepting) == len(urlstate.JUDGED)
    assert "invalid" in urlstate.ACCEPT_JS


def test_a_judged_key_keeps_its_check_and_gets_its_judgement() -> None:
    key = UrlKey("zz", "zz-box", "1", whole("Z"), number_box=True)
    assert not key.judged and key.judge is None
    marked = judged(key, judge_position_param)
    assert marked.judged and marked.judge is judge_position_param and marked.check is key.check
    assert judged(marked).judge is judge_position_param


def test_the_judgements_give_the_views_messages() -> None:
    with pytest.raises(ValueError, match="two equal tokens"):
        judge_position_param("++..", {"game": "magnetism"})
    judge_position_param("+.-", {"game": "magnetism"})
    with pytest.raises(ValueError, match="would take"):
        judge_heaps_param("1000000", {"game": "couples-are-forever"})
    judge_heaps_param("1000000", {"game": "magnetism"})  # no Grundy view: nothing judged
    with pytest.raises(ValueError, match="at most 400"):
        judge_pairs_param("1000000", {"game": "couples-are-forever"})
    judge_pairs_param("400", {"game": "couples-are-forever"})
    with pytest.raises(ValueError, match="would take"):
        judge_lost_param("40", {"game": "eraserhead", "flost": "cycle"})
    judge_lost_param("40", {"game": "eraserhead", "flost": "path"})  # a path of 40 is answered
    with pytest.raises(ValueError, match="at most 4"):
        judge_slice_param("5", {"game": "euclid3", "foct": "5"})
    judge_slice_param("5", {"game": "euclid3", "foct": "x"})  # the octant's box says why
    with pytest.raises(ValueError, match="is not an arc"):
        graphs.judge_board_param("0>1,1>", {"ggame": "tokens"})
    with pytest.raises(ValueError, match="is not a vertex"):
        graphs.judge_position_param("-1", {"ggame": "tokens", "gboard": TOKENS_BOARD})
    graphs.judge_position_param("-1", {"ggame": "tokens", "gboard": "0>"})  # the board's box says why


def test_the_graphs_tab_marks_the_box_it_refuses() -> None:
    board_refused = graphs.show_marked(GATE, "tokens", "0>1,1>", "0", None, None)
    assert "is not an arc" in board_refused[4] and board_refused[7:] == (graphs.INVALID_BOX_CLASS, no_update)
    position_refused = graphs.show_marked(GATE, "tokens", TOKENS_BOARD, "-1", None, None)
    assert "is not a vertex" in position_refused[4]
    assert position_refused[7:] == (graphs.BOX_CLASS, graphs.INVALID_BOX_CLASS)
    shown = graphs.show_marked(GATE, "tokens", TOKENS_BOARD, "0,2", None, None)
    assert shown[4] == "" and shown[7:] == (graphs.BOX_CLASS, graphs.BOX_CLASS)
    plain = graphs.show(GATE, "tokens", TOKENS_BOARD, "0,2", None, None)
    assert len(plain) == 7 and [plain[k] for k in (0, 2, 4, 5, 6)] == [shown[k] for k in (0, 2, 4, 5, 6)]
    assert "invalid" in graphs.INVALID_BOX_CLASS.split() and "invalid" not in graphs.BOX_CLASS.split()
