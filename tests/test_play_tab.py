"""Tests of the Play tab (dashboard.tabs.play): callbacks as plain functions and the layout.

Split out of test_play.py, which tests solver.play itself.
"""

from __future__ import annotations

import pytest
from dash import html

from dashboard import ids
from dashboard.style import COLOURS
from dashboard.tabs.play import callbacks
from dashboard.tabs.play import layout as tab_layout
from solver.play import GameState, game_end
from solver.retrograde import solve

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
    constants = {v for k, v in vars(ids).items() if k.startswith("PLAY_") and isinstance(v, str)}
    assert constants == set(found)


def act(trigger, store, start="92", mode="hvc", first="you", strength=1.0, seed="0", click=None, *, solution):
    return callbacks.play_action(trigger, store, start, mode, first, strength, seed, click, solution)


@pytest.mark.parametrize(
    "text, words", [("abc", "whole number"), ("0", "at least 1"), ("", "empty"), ("2.5", "whole number")]
)
def test_bad_start_gives_a_message_and_keeps_the_game(big, text, words):
    store, err = act(None, None, solution=big)
    new, err = act(ids.PLAY_NEW, store, start=text, solution=big)
    assert words in err and "start number" in err
    assert new == store


def test_bad_seed_gives_a_message(big):
    store, _ = act(None, None, solution=big)
    new, err = act(ids.PLAY_COMPUTER, store, seed="-1", solution=big)
    assert "seed" in err and new == store


def test_you_against_the_computer(big):
    store, err = act(None, None, solution=big)
    assert err == "" and store["game"]["positions"] == ["92"]
    # You blunder (take -> 11); the perfect computer answers 11 -put-> 20.
    store, err = act(ids.PLAY_TAKE, store, solution=big)
    assert store["game"]["positions"] == ["92", "11", "20"]
    # Undo goes back to your turn: both plies.
    back, _ = act(ids.PLAY_UNDO, store, solution=big)
    assert back["game"]["positions"] == ["92"] and back["game"]["redo"] == ["11", "20"]
    # Redo replays your move and the computer's reply.
    again, _ = act(ids.PLAY_REDO, back, solution=big)
    assert again["game"]["positions"] == ["92", "11", "20"] and again["game"]["redo"] == []
    # Computer moves first: it plays 92 -put-> 173 at once.
    store, _ = act(ids.PLAY_NEW, store, first="computer", solution=big)
    assert store["game"]["positions"] == ["92", "173"]
    # Swap sides: now the computer plays player 2 and answers at once.
    swapped, _ = act(ids.PLAY_SWAP, store, first="computer", solution=big)
    assert swapped["human"] == 1
    assert len(swapped["game"]["positions"]) == 3
    # Clicking a chart point goes to that ply.
    clicked, _ = act(ids.PLAY_GRAPH, swapped, click={"points": [{"x": 0, "customdata": 0}]}, solution=big)
    assert clicked["game"]["positions"] == ["92"]


def test_two_players_and_the_game_over_message(big):
    store, _ = act(ids.PLAY_NEW, None, start="2", mode="hvh", solution=big)
    store, _ = act(ids.PLAY_PUT, store, start="2", mode="hvh", solution=big)
    store, _ = act(ids.PLAY_TAKE, store, start="2", mode="hvh", solution=big)
    assert store["game"]["positions"] == ["2", "3", "2"]
    same, err = act(ids.PLAY_PUT, store, start="2", mode="hvh", solution=big)
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
            store, err = act(ids.PLAY_COMPUTER, store, mode="cvc", seed=seed, strength=0.5, solution=big)
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
    store, _ = act(ids.PLAY_TAKE, store, solution=big)  # the error at ply 0
    page = callbacks.render(store, ["on"], [], big)
    fig = page["figure"]
    points = [t for t in fig.data if t.customdata is not None and t.mode == "markers" and t.name is None]
    assert list(points[0].customdata) == [0, 1, 2]
    # Signed for player 1: 92 (player 1 wins in 11) is +11; after the error player 2 wins.
    assert points[0].y[0] == 11 and points[0].y[1] < 0 and points[0].y[2] < 0
    assert any(t.name == "error here" and list(t.x) == [0] for t in fig.data)
    log = page["log"]
    assert isinstance(log[0], html.Li) and "error" in log[0].children


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
