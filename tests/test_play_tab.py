"""Tests of the Play tab (dashboard.tabs.play): callbacks as plain functions and the layout.

Split out of test_play.py, which tests solver.values.play itself.
"""

from __future__ import annotations

import pytest
from dash import html

from dashboard import ids
from dashboard.style import COLOURS
from dashboard.tabs.play import callbacks
from dashboard.tabs.play import ids as play_ids
from dashboard.tabs.play import layout as tab_layout
from solver.engine import solve
from solver.values.play import GameState, game_end

BIG = 10**6


@pytest.fixture(scope="module")
def big():
    return solve(BIG)


# ---------------------------------------------------------------------------
# The page: callbacks as plain functions.
# ---------------------------------------------------------------------------


def _ids(component):
    found = []
    cid = getattr(component, "id", None)
    if cid is not None:
        found.append(cid)
    children = getattr(component, "children", None)
    if isinstance(children, (list, tuple)):
        for child in children:
            found.extend(_ids(child))
    elif children is not None and hasattr(children, "children"):
        found.extend(_ids(children))
    return found


def test_layout_ids_start_with_play_and_cover_the_constants():
    found = _ids(tab_layout.play_layout())
    assert found and all(i.startswith("play-") for i in found)
    constants = {v for k, v in vars(play_ids).items() if k.startswith("PLAY_") and isinstance(v, str)}
    assert constants == set(found)


def act(trigger, store, start="92", mode="hvc", first="you", strength=1.0, seed="0", click=None, *, solution):
    return callbacks.play_action(trigger, store, start, mode, first, strength, seed, click, solution)


@pytest.mark.parametrize(
    "text, words", [("abc", "whole number"), ("0", "at least 1"), ("", "empty"), ("2.5", "whole number")]
)
def test_bad_start_gives_a_message_and_keeps_the_game(big, text, words):
    store, err = act(None, None, solution=big)
    new, err = act(play_ids.PLAY_NEW, store, start=text, solution=big)
    assert words in err and "start number" in err
    assert new == store


def test_bad_seed_gives_a_message(big):
    store, _ = act(None, None, solution=big)
    new, err = act(play_ids.PLAY_COMPUTER, store, seed="-1", solution=big)
    assert "seed" in err and new == store


def test_you_against_the_computer(big):
    store, err = act(None, None, solution=big)
    assert err == "" and store["game"]["positions"] == ["92"]
    # You blunder (take -> 11); the perfect computer answers 11 -put-> 20.
    store, err = act(play_ids.PLAY_TAKE, store, solution=big)
    assert store["game"]["positions"] == ["92", "11", "20"]
    # Undo goes back to your turn: both plies.
    back, _ = act(play_ids.PLAY_UNDO, store, solution=big)
    assert back["game"]["positions"] == ["92"] and back["game"]["redo"] == ["11", "20"]
    # Redo replays your move and the computer's reply.
    again, _ = act(play_ids.PLAY_REDO, back, solution=big)
    assert again["game"]["positions"] == ["92", "11", "20"] and again["game"]["redo"] == []
    # Computer moves first: it plays 92 -put-> 173 at once.
    store, _ = act(play_ids.PLAY_NEW, store, first="computer", solution=big)
    assert store["game"]["positions"] == ["92", "173"]
    # Swap sides: now the computer plays player 2 and answers at once.
    swapped, _ = act(play_ids.PLAY_SWAP, store, first="computer", solution=big)
    assert swapped["human"] == 1
    assert len(swapped["game"]["positions"]) == 3
    # Clicking a chart point goes to that ply.
    clicked, _ = act(play_ids.PLAY_GRAPH, swapped, click={"points": [{"x": 0, "customdata": 0}]}, solution=big)
    assert clicked["game"]["positions"] == ["92"]


def test_two_players_and_the_game_over_message(big):
    store, _ = act(play_ids.PLAY_NEW, None, start="2", mode="hvh", solution=big)
    store, _ = act(play_ids.PLAY_PUT, store, start="2", mode="hvh", solution=big)
    store, _ = act(play_ids.PLAY_TAKE, store, start="2", mode="hvh", solution=big)
    assert store["game"]["positions"] == ["2", "3", "2"]
    same, err = act(play_ids.PLAY_PUT, store, start="2", mode="hvh", solution=big)
    assert "over" in err and same["game"] == store["game"]
    page = callbacks.render(store, ["on"], [], big)
    assert "draw" in page["status"] and "2 → 3 → 2" in page["status"]
    assert page["take_disabled"] and page["put_disabled"]


def test_computer_against_computer_is_reproducible(big):
    def play(seed):
        store, _ = act(None, None, start="92", mode="cvc", seed=seed, strength=0.5, solution=big)
        for _ in range(60):
            if game_end(GameState.from_dict(store["game"])) is not None:
                break
            store, err = act(play_ids.PLAY_COMPUTER, store, mode="cvc", seed=seed, strength=0.5, solution=big)
            assert err == ""
        return store["game"]["positions"]

    assert play("7") == play("7")
    games = {tuple(play(str(s))) for s in range(6)}
    assert len(games) > 1


def test_render_colours_the_moves_by_the_movers_result(big):
    store, _ = act(None, None, solution=big)
    page = callbacks.render(store, ["on"], [], big)
    # take -> 11 (W for the opponent: a loss for the mover), put -> 173 (a win).
    assert page["take_style"]["background"] == COLOURS["L"]
    assert page["put_style"]["background"] == COLOURS["W"]
    text = str(page["put"])
    assert "173" in text and "win in 11" in text
    assert page["prediction"] == "Prediction: Player 1 (you) wins in 11."
    assert "1,000,000" in page["bound"]
    hidden = callbacks.render(store, [], [], big)
    assert hidden["take_style"] == {} and "win" not in str(hidden["put"])
    assert "hidden" in hidden["prediction"]


def test_history_figure_points_carry_their_ply_and_mark_errors(big):
    store, _ = act(None, None, solution=big)
    store, _ = act(play_ids.PLAY_TAKE, store, solution=big)  # the error at ply 0
    page = callbacks.render(store, ["on"], [], big)
    fig = page["figure"]
    points = [t for t in fig.data if t.customdata is not None and t.mode == "markers" and t.name is None]
    assert list(points[0].customdata) == [0, 1, 2]
    # Signed for player 1: 92 (player 1 wins in 11) is +11; after the error player 2 wins.
    assert points[0].y[0] == 11 and points[0].y[1] < 0 and points[0].y[2] < 0
    blunders = [t for t in fig.data if t.name and "blunder" in t.name]
    assert len(blunders) == 1 and list(blunders[0].x) == [0] and list(blunders[0].text) == ["??"]
    log = page["log"]
    # 92 is a win for the mover; take -> 11 hands the opponent a win.
    assert isinstance(log[0], html.Li) and log[0].className == "blunder"
    assert "threw a win away (now a loss)" in str(log[0].children)
    assert "??" in str(log[0].children[0].children)
    # The computer's reply (best play) is not a blunder.
    assert getattr(log[1], "className", None) != "blunder"


# ---------------------------------------------------------------------------
# Colours: text on the outcome colours meets WCAG AA (4.5:1).
# ---------------------------------------------------------------------------


def test_contrast_ratio_matches_known_wcag_values():
    from dashboard.style import contrast_ratio

    # Reference values of the WCAG formula: black on white is 21:1, a colour on
    # itself 1:1, and #767676 is the lightest grey with 4.5:1 on white.
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#0072B2", "#0072B2") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    with pytest.raises(ValueError, match="#rrggbb"):
        contrast_ratio("red", "#ffffff")


@pytest.mark.parametrize("letter", ["W", "L", "D", "U"])
def test_outcome_text_colours_meet_wcag_aa(letter):
    from dashboard.style import COLOURS, INK, TEXT_COLOURS, contrast_ratio

    assert contrast_ratio(TEXT_COLOURS[letter], COLOURS[letter]) >= 4.5
    for page_background in ("#ffffff", "#f4f5f7"):
        assert contrast_ratio(INK[letter], page_background) >= 4.5


def test_colours_keep_the_okabe_ito_palette_and_neutrals_are_not_outcomes():
    from dashboard.style import COLOURS, NEUTRAL, NEUTRAL_DARK, NEUTRAL_LIGHT

    assert COLOURS == {"W": "#0072B2", "L": "#D55E00", "D": "#009E73", "U": "#999999"}
    assert not {NEUTRAL, NEUTRAL_DARK, NEUTRAL_LIGHT} & set(COLOURS.values())


# ---------------------------------------------------------------------------
# One bound everywhere: the tab reads the page's setup through its gate.
# ---------------------------------------------------------------------------


def _gate(n, alpha, pending=None):
    return {"setup": {"n": n, "alpha": alpha, "bound": n * alpha}, "pending": pending}


def test_values_come_from_the_pages_bound_not_a_fixed_one():
    from dashboard.controls import gate_solution

    # 92 is W in 11 at bound 1,000,000, but U at bound 1,000 (the winning
    # line climbs to 5016): the tab must say what the page's bound says.
    small, note = gate_solution(_gate(100, 10))
    assert small.bound == 1_000 and "B = 1,000 " in note and "set at the top" in note
    store, _ = act(None, None, solution=small)
    page = callbacks.render(store, ["on"], [], small, note)
    assert "unresolved at bound 1,000" in page["prediction"]
    big_solution, big_note = gate_solution(_gate(10_000, 100))
    assert big_solution.bound == 1_000_000 and "1,000,000" in big_note
    page = callbacks.render(store, ["on"], [], big_solution, big_note)
    assert "wins in 11" in page["prediction"]


def test_gate_solution_refuses_a_lying_setup_and_says_why_there_are_no_values():
    from dashboard.controls import gate_solution

    lying = {"setup": {"n": 10_000, "alpha": 1, "bound": 10**9}, "pending": None}
    solution, message = gate_solution(lying)
    assert solution is None and "bound" in message and "alpha" in message
    assert gate_solution(None)[0] is None
    assert gate_solution({"setup": None, "pending": None})[1].startswith("Waiting for the page's setup")
    solution, message = gate_solution({"setup": None, "pending": 100_000_000})
    assert solution is None and "Solving bound B = 100,000,000" in message
    assert gate_solution({"setup": "x", "pending": None})[0] is None
    assert gate_solution({"setup": {"n": 1.5, "alpha": 2}, "pending": None})[0] is None


def test_an_unsolved_large_bound_starts_a_background_solve(monkeypatch):
    from dashboard import state
    from dashboard.controls import gate_solution

    started = []

    class Jobs:
        def start(self, bound, rule=None):
            started.append(bound)

    class Empty:
        def peek(self, bound, **kwargs):
            return None

        def get(self, bound):  # pragma: no cover - must not be called for a large bound
            raise AssertionError("a large bound must not be solved inside the request")

    monkeypatch.setattr(state, "JOBS", Jobs())
    monkeypatch.setattr(state, "SOLUTIONS", Empty())
    solution, message = gate_solution(_gate(1_000_000, 100))
    assert solution is None and started == [100_000_000]
    assert "Solving bound B = 100,000,000" in message and "background" in message
    # The render says so instead of showing stale or made-up values.
    page = callbacks.render(None, ["on"], [], solution, message)
    assert page["bound"] == message and page["take_disabled"] and page["put_disabled"]


def test_nothing_happens_before_the_tab_is_opened():
    from dash.exceptions import PreventUpdate

    with pytest.raises(PreventUpdate):
        callbacks.act(play_ids.PLAY_START, None, None, "92", "hvc", "you", 1.0, "0", None)
    with pytest.raises(PreventUpdate):
        callbacks.show(None, None, ["on"], [])


def test_opening_the_tab_starts_a_game_and_a_new_bound_keeps_it():
    gate = _gate(10_000, 100)
    store, err, _click, seed_class, seed_err = callbacks.act(
        ids.tab_gate_id("play"), gate, None, "92", "hvc", "you", 1.0, "0", None
    )
    assert store["game"]["positions"] == ["92"] and err == "" and seed_class == "num-input" and seed_err == ""
    out = callbacks.act(ids.tab_gate_id("play"), _gate(20_000, 100), store, "92", "hvc", "you", 1.0, "0", None)
    assert out[0] is no_update  # the game stays; the render shows the new bound's values
    shown = dict(
        zip([key for key, _, _ in callbacks._RENDER_KEYS], callbacks.show(gate, store, ["on"], []), strict=True)
    )
    assert "wins in 11" in shown["prediction"] and "1,000,000" in shown["bound"]


def test_a_new_game_chosen_before_the_setup_follows_it_shows_and_plays_nothing_of_the_last_game():
    # The menu says cubes; the gate still holds the squares' setup (its update is on its way from the server):
    # the squares' game at 92 (take to 11, W in 11) is never drawn under the cubes' title, and a take pressed then
    # plays nothing.
    gate, keys = _gate(10_000, 100), [key for key, _, _ in callbacks._RENDER_KEYS]
    store, *_ = callbacks.act(ids.tab_gate_id("play"), gate, None, "92", "hvc", "you", 1.0, "0", None)
    shown = dict(zip(keys, callbacks.show(gate, store, ["on"], [], "put-or-take-a-cube"), strict=True))
    assert shown["bound"].startswith("Waiting for the page's setup of Put-or-Take-a-Cube")
    assert shown["take_disabled"] and shown["put_disabled"] and shown["computer_disabled"]
    assert shown["status"] == "" and shown["prediction"] == "" and shown["log"] == []
    pressed = callbacks.act(
        play_ids.PLAY_TAKE, gate, store, "92", "hvc", "you", 1.0, "0", None, None, "put-or-take-a-cube"
    )
    assert pressed[0] is no_update
    # The menu and the gate agree, or the menu names no rule: the game is drawn and played as before.
    for menu in ("put-or-take-a-square", None, "wythoff", 5):
        page = dict(zip(keys, callbacks.show(gate, store, ["on"], [], menu), strict=True))
        assert not page["take_disabled"] and "at 92" in page["status"] and "wins in 11" in page["prediction"]
        moved = callbacks.act(play_ids.PLAY_TAKE, gate, store, "92", "hvc", "you", 1.0, "0", None, None, menu)[0]
        assert moved["game"]["positions"][:2] == ["92", "11"]
    # Once the gate names the cubes (being solved, or their setup), the wait is the gate's own.
    solving = {**gate, "pending": 1_000_000, "pending_rule": "put-or-take-a-cube"}
    page = dict(zip(keys, callbacks.show(solving, store, ["on"], [], "put-or-take-a-cube"), strict=True))
    assert page["bound"].startswith("Solving Put-or-Take-a-Cube")


def test_a_bad_seed_is_reported_as_it_is_typed():
    gate = _gate(10_000, 100)
    store, *_ = callbacks.act(ids.tab_gate_id("play"), gate, None, "92", "hvc", "you", 1.0, "0", None)
    out = callbacks.act(play_ids.PLAY_SEED, gate, store, "92", "hvc", "you", 1.0, "-1", None)
    assert out[0] is no_update and out[3] == "num-input invalid" and "seed" in out[4]
    out = callbacks.act(play_ids.PLAY_SEED, gate, store, "92", "hvc", "you", 1.0, "12", None)
    assert out[3] == "num-input" and out[4] == ""
    assert callbacks.seed_message("") == "" and "seed" in callbacks.seed_message("abc")


def test_switching_modes_unticks_auto_play_in_the_browser_and_the_server_leaves_the_box_alone():
    # The untick is a clientside callback of the mode (a server's answer that unticked the box undid a
    # tick made while it was on its way); the server's action callback has no output on the box.
    from dash import Dash

    app = Dash(__name__)
    callbacks.register(app)
    writers = [cb for cb in app._callback_list if f"{play_ids.PLAY_AUTO}.value" in cb["output"].split("..")]
    assert len(writers) == 1
    (untick,) = writers
    assert untick["inputs"] == [{"id": play_ids.PLAY_MODE, "property": "value"}]
    assert "clientside_function" in untick and untick["prevent_initial_call"]
    gate = _gate(10_000, 100)
    store, *_ = callbacks.act(ids.tab_gate_id("play"), gate, None, "92", "cvc", "you", 1.0, "0", None)
    new, err, click, *_ = callbacks.act(play_ids.PLAY_MODE, gate, store, "92", "hvc", "you", 1.0, "0", None)
    assert new["mode"] == "hvc" and err == "" and click is None


def test_blunders_are_the_moves_that_throw_a_win_or_a_draw_away(big):
    from dashboard.tabs.play import figures

    # 2 is a certified draw; put -> 3 keeps it, take -> 1 hands the opponent a
    # square (a loss for the mover): a draw turned into a loss.
    store, _ = act(play_ids.PLAY_NEW, None, start="2", mode="hvh", solution=big)
    store, _ = act(play_ids.PLAY_TAKE, store, start="2", mode="hvh", solution=big)
    log = callbacks.render(store, ["on"], [], big)["log"]
    assert log[0].className == "blunder" and "turned a draw into a loss" in str(log[0].children)
    store, _ = act(play_ids.PLAY_NEW, None, start="2", mode="hvh", solution=big)
    store, _ = act(play_ids.PLAY_PUT, store, start="2", mode="hvh", solution=big)
    log = callbacks.render(store, ["on"], [], big)["log"]
    assert getattr(log[0], "className", None) != "blunder"
    assert figures.blunder_text("W", "D") == "threw a win away (now a draw)"
    # Without hints nothing is marked (the values are hidden).
    hidden = callbacks.render(store, [], [], big)
    assert all(getattr(item, "className", None) != "blunder" for item in hidden["log"])


def _classes(solution, *positions):
    return [int(solution.classes[p]) for p in positions]


@pytest.mark.parametrize("start", [2, 8, 6070])
def test_in_a_drawn_position_the_perfect_computer_keeps_the_draw(big, start):
    from solver.engine.codes import CLASS_D

    assert _classes(big, start) == [CLASS_D]
    store, _ = act(play_ids.PLAY_NEW, None, start=str(start), mode="cvc", solution=big)
    for _ in range(60):
        if game_end(GameState.from_dict(store["game"])) is not None:
            break
        store, _ = act(play_ids.PLAY_COMPUTER, store, start=str(start), mode="cvc", solution=big)
    game = GameState.from_dict(store["game"])
    # Every position the perfect computer reached is a certified draw, and the game ends on a repeat.
    assert set(_classes(big, *game.positions)) == {CLASS_D}
    assert game_end(game).reason == "repeat"
    log = callbacks.render(store, ["on"], [], big)["log"]
    assert not [item for item in log if getattr(item, "className", None) == "blunder"]


@pytest.mark.parametrize(
    "start,trigger,words",
    [
        # 1142 is D; put -> 2231, a U that cannot be L: the mover may now lose.
        (1142, play_ids.PLAY_PUT, "gave a sure draw away (now unknown: it may be a loss)"),
        # 2809 is W; put -> 5618, a U that cannot be L: a loss or a draw for the mover.
        (2809, play_ids.PLAY_PUT, "threw a sure win away (now a loss or draw (unknown which))"),
        # 15158 is W; put -> 30287, a U that cannot be W: still a win or a draw, but no longer sure.
        (15158, play_ids.PLAY_PUT, "threw a sure win away (now a win or draw (unknown which))"),
    ],
)
def test_a_move_that_gives_a_sure_result_away_to_a_u_is_a_blunder(big, start, trigger, words):
    from solver.engine.codes import CLASS_D, CLASS_UL, CLASS_UW, CLASS_W

    child = start + (int(start**0.5)) ** 2
    before, after = _classes(big, start, child)
    assert before in (CLASS_W, CLASS_D) and after in (CLASS_UW, CLASS_UL)  # the solver's facts the case rests on
    store, _ = act(play_ids.PLAY_NEW, None, start=str(start), mode="hvh", solution=big)
    store, _ = act(trigger, store, start=str(start), mode="hvh", solution=big)
    assert store["game"]["positions"] == [str(start), str(child)]
    out = callbacks.render(store, ["on"], [], big)
    assert out["log"][0].className == "blunder" and words in str(out["log"][0].children)
    marks = [t for t in out["figure"].data if (t.name or "").startswith("??")]
    assert marks and list(marks[0].x) == [0]
    # The mark stays after the game goes on.
    store, _ = act(play_ids.PLAY_TAKE, store, start=str(start), mode="hvh", solution=big)
    out = callbacks.render(store, ["on"], [], big)
    assert out["log"][0].className == "blunder"
    assert [list(t.x) for t in out["figure"].data if (t.name or "").startswith("??")] == [[0]]


def test_an_unknown_move_is_never_called_best():
    from solver import Outcome, move_values, solve

    # Power-of-2 at the default bound 10**6: from 100 both moves lead to positions the bound leaves U.
    power = solve(10**6, rule="put-or-take-a-power-of-2")
    values = move_values(100, power)
    assert [v.outcome for v in values] == [Outcome.U, Outcome.U] and all(v.best for v in values)
    store, _ = act(play_ids.PLAY_NEW, None, start="100", mode="hvh", solution=power)
    out = callbacks.render(store, ["on"], [], power)
    assert "unknown" in str(out["take"]) and "(best)" not in str(out["take"]) + str(out["put"])
    # What is known above the bound follows the game: a power of 2 wins at once, not "squares".
    assert "a power of 2, taken to 0" in out["bound"] and "square" not in out["bound"]
    assert "except squares" not in str(tab_layout.play_layout())


def test_move_buttons_and_prediction_say_what_a_u_cannot_be(big):
    from solver.engine.codes import CLASS_D, CLASS_UL, CLASS_UW

    # 2231 cannot be L; take -> 22 is D, put -> 4440 cannot be W (so the mover cannot lose by it).
    assert _classes(big, 2231, 22, 4440) == [CLASS_UW, CLASS_D, CLASS_UL]
    store, _ = act(play_ids.PLAY_NEW, None, start="2231", mode="hvh", solution=big)
    out = callbacks.render(store, ["on"], [], big)
    assert "draw" in str(out["take"]) and "win or draw (unknown which) (best)" in str(out["put"])
    assert out["put_style"]["background"] == COLOURS["U"]
    assert "cannot lose (a win or a draw, unknown which)" in out["prediction"]
    # The history's hover says what the start cannot be.
    assert "U (not L)" in out["figure"].data[1].hovertext[0]


# ---------------------------------------------------------------------------
# Hostile input: every plain callback answers, none raises (hypothesis).
# ---------------------------------------------------------------------------

from dash import no_update  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["<a href='x'>y</a>", "1e999", "10**5000", "9" * 5000, "-1", "0", "2.5", "on"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
_TRIGGERS = st.sampled_from(
    [None, "nonsense", ids.tab_gate_id("play"), play_ids.PLAY_NEW, play_ids.PLAY_START, play_ids.PLAY_FIRST, play_ids.PLAY_MODE,
     play_ids.PLAY_TAKE, play_ids.PLAY_PUT, play_ids.PLAY_COMPUTER, play_ids.PLAY_INTERVAL, play_ids.PLAY_UNDO, play_ids.PLAY_REDO,
     play_ids.PLAY_RESTART, play_ids.PLAY_SWAP, play_ids.PLAY_GRAPH, play_ids.PLAY_SEED]
)  # fmt: skip
_GOOD_STORE = {
    "mode": "hvc",
    "human": 1,
    "game": {"start": "92", "positions": ["92", "11", "20"], "redo": [], "first": 1},
}
_STORES = st.one_of(
    _HOSTILE,
    st.just(_GOOD_STORE),
    st.fixed_dictionaries({"mode": _HOSTILE, "human": _HOSTILE, "game": _HOSTILE}),
    st.fixed_dictionaries(
        {"mode": st.sampled_from(["hvc", "hvh", "cvc"]), "human": st.sampled_from([1, 2]),
         "game": st.fixed_dictionaries({"start": _HOSTILE, "positions": st.one_of(_HOSTILE, st.lists(_HOSTILE, max_size=4)),
                                        "redo": _HOSTILE, "first": _HOSTILE})}
    ),
)  # fmt: skip
_CLICKS = st.one_of(
    _HOSTILE,
    st.fixed_dictionaries({"points": st.one_of(_HOSTILE, st.lists(st.dictionaries(st.sampled_from(["x", "customdata"]), _HOSTILE), max_size=2))}),
)  # fmt: skip
_GATES = st.one_of(
    _HOSTILE,
    st.just({"setup": {"n": 10_000, "alpha": 100, "bound": 1_000_000}, "pending": None}),
    st.fixed_dictionaries({"setup": st.one_of(_HOSTILE, st.fixed_dictionaries({"n": _HOSTILE, "alpha": _HOSTILE, "bound": _HOSTILE})), "pending": _HOSTILE}),
)  # fmt: skip

_FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_FUZZ
@given(_TRIGGERS, _STORES, _HOSTILE, _HOSTILE, _HOSTILE, _HOSTILE, _HOSTILE, _CLICKS)
def test_play_action_never_raises(big, trigger, store, start, mode, first, strength, seed, click):
    new, message = callbacks.play_action(trigger, store, start, mode, first, strength, seed, click, big)
    assert isinstance(message, str) and "Traceback" not in message
    assert new is no_update or isinstance(new, dict)
    if isinstance(new, dict):
        # Whatever comes back is a store the next request accepts.
        GameState.from_dict(new["game"])
        assert new["mode"] in ("hvc", "hvh", "cvc") and new["human"] in (1, 2)


@pytest.mark.slow
@_FUZZ
@given(_STORES, _HOSTILE, _HOSTILE)
def test_render_never_raises(big, store, hints, auto):
    page = callbacks.render(store, hints, auto, big)
    assert set(page) == {key for key, _, _ in callbacks._RENDER_KEYS}
    assert isinstance(page["status"], str) and isinstance(page["bound"], str)


@pytest.mark.slow
@_FUZZ
@given(_TRIGGERS, _GATES, _STORES, _HOSTILE, _HOSTILE, _HOSTILE, _HOSTILE, _HOSTILE, _CLICKS)
def test_act_and_show_never_raise_anything_but_prevent_update(
    trigger, gate, store, start, mode, first, strength, seed, click
):
    from dash.exceptions import PreventUpdate

    try:
        out = callbacks.act(trigger, gate, store, start, mode, first, strength, seed, click)
    except PreventUpdate:
        assert not isinstance(gate, dict) or (trigger == play_ids.PLAY_GRAPH and not click)
    else:
        assert len(out) == 5 and isinstance(out[4], str)
    try:
        shown = callbacks.show(gate, store, ["on"], [])
    except PreventUpdate:
        assert not isinstance(gate, dict)
    else:
        assert len(shown) == len(callbacks._RENDER_KEYS)


def test_a_game_with_many_moves_is_played_from_the_move_list():
    subtract = solve(2000, rule="subtract-a-square")
    store, message = callbacks.play_action(None, None, "30", "hvh", "you", 1.0, "1", None, subtract)
    assert message == "" and store["game"]["rule"] == "subtract-a-square"
    page = callbacks.render(store, ["on"], [], subtract)
    assert page["two_style"] == {"display": "none"} and page["choice_row_style"]["display"] != "none"
    # One option per move of 30 (take 1, 4, 9, 16, 25), the values as the solve has them.
    assert [o["value"] for o in page["choice_options"]] == ["29", "26", "21", "14", "5"]
    best = [o for o in page["choice_options"] if "(best)" in o["label"]]
    assert best and all(subtract.value(int(o["value"]))[0].name == "L" for o in best)
    store, message = callbacks.play_action(
        play_ids.PLAY_CHOICE_GO, store, "30", "hvh", "you", 1.0, "1", None, subtract, "21"
    )
    assert message == "" and store["game"]["positions"] == ["30", "21"]
    # A position that is not a child is refused with a message, the game kept.
    kept, message = callbacks.play_action(
        play_ids.PLAY_CHOICE_GO, store, "30", "hvh", "you", 1.0, "1", None, subtract, "19"
    )
    assert "not a child" in message and kept["game"]["positions"] == ["30", "21"]
    _, message = callbacks.play_action(
        play_ids.PLAY_CHOICE_GO, store, "30", "hvh", "you", 1.0, "1", None, subtract, None
    )
    assert message == "choose a move in the list first"


def test_a_game_of_another_rule_asks_for_a_new_game():
    squares = solve(2000)
    store, _ = callbacks.play_action(None, None, "92", "hvh", "you", 1.0, "1", None, squares)
    primes = solve(2000, rule="put-or-take-a-prime")
    page = callbacks.render(store, ["on"], [], primes)
    assert "press New game" in page["status"] and page["take_disabled"]
    store, _ = callbacks.play_action(play_ids.PLAY_NEW, store, "92", "hvh", "you", 1.0, "1", None, primes)
    assert store["game"]["rule"] == "put-or-take-a-prime"
    page = callbacks.render(store, ["on"], [], primes)
    assert page["two_style"] == {"display": "contents"} and not page["take_disabled"]
