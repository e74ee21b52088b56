"""The page's one move list (dashboard/movelist.py) over moves of one game of each kind, without a browser.

For a rule of the put-or-take family, an octal game and a loopy game on a
graph: every button drawn is a move of the position (its id's index names
the move, its text the move's words), the words in brackets are what
``Game.outcome`` of the move's child means for the mover, the winning moves
are marked, and a note says how many moves are beyond the cap.  The
computer's choice is the registry's one policy.
"""

from __future__ import annotations

import pytest
from dash import html

from dashboard.movelist import (
    OUTCOME_WORDS,
    MoveItem,
    computer_index,
    move_id,
    move_items,
    move_list,
    pressed_index,
)
from solver.registry import choose_move, find_game
from solver.registry.rules import RuleGame

KIND = "test-move"


def _position(name: str):
    game = find_game(name)
    if isinstance(game, RuleGame):
        return game.with_bound(3_000), 92
    if name == "octal-0.77":
        return game, game.parse("7+2")
    return game, game.parse(game.example)


def _buttons(div: html.Div) -> list[html.Button]:
    return [c for c in div._traverse() if isinstance(c, html.Button)]


def _notes(div: html.Div) -> list[str]:
    return [c.children for c in div._traverse() if isinstance(c, html.P) and getattr(c, "className", "") == "note"]


GAMES = ["put-or-take-a-square", "octal-0.77", "tokens"]


@pytest.mark.parametrize("name", GAMES)
def test_every_button_is_a_move_and_says_what_its_child_is(name):
    game, position = _position(name)
    moves = game.moves(position)
    assert moves, name
    outcomes = [game.outcome(m.child) for m in moves]
    div = move_list(move_items(moves, outcomes), KIND, heading="Your move:")
    buttons = _buttons(div)
    assert len(buttons) == len(moves)
    for button in buttons:
        assert button.id["type"] == KIND
        move = moves[button.id["index"]]
        outcome = game.outcome(move.child)
        assert move.label in button.children
        assert button.children.endswith(f"({OUTCOME_WORDS[outcome]})")
        # The winning moves are marked ★ and bold; no other is.
        assert button.children.startswith("★ ") == (outcome == "L")
        assert ("move-winning" in button.className) == (outcome == "L")
        assert "move-button" in button.className
    assert _notes(div) == []


@pytest.mark.parametrize("name", GAMES)
def test_a_note_says_how_many_moves_are_beyond_the_cap(name):
    game, position = _position(name)
    moves = game.moves(position)
    outcomes = [game.outcome(m.child) for m in moves]
    most = len(moves) - 1
    div = move_list(move_items(moves, outcomes), KIND, heading="Your move:", most=most, more="more moves.")
    assert [b.id["index"] for b in _buttons(div)] == list(range(most))
    assert _notes(div) == ["… and 1 more moves."]
    # At the cap exactly, no note.
    assert _notes(move_list(move_items(moves, outcomes), KIND, heading="h", most=len(moves))) == []


def test_the_computer_chooses_as_the_registry_does():
    for name in GAMES:
        game, position = _position(name)
        moves = game.moves(position)
        outcomes = [game.outcome(m.child) for m in moves]
        remoteness = [game.remoteness(m.child) for m in moves]
        chosen = choose_move(moves, outcomes, remoteness)
        assert moves[computer_index(outcomes, remoteness)] is chosen
    assert computer_index([]) is None
    # The quickest win, else a draw, else an open outcome, else the slowest loss.
    assert computer_index(["W", "L", "L"], [3, 5, 2]) == 2
    assert computer_index(["W", "U", "D"]) == 2
    assert computer_index(["W", "W"], [1, 7]) == 1


def test_empty_list_draws_and_best_marks_and_ids():
    assert move_list([], KIND, heading="h").children.children == "No move: the player to move has lost."
    assert move_list([], KIND, heading="h", empty="none left").children.children == "none left"
    items = [MoveItem(0, "a", "W"), MoveItem(1, "b", "D"), MoveItem(2, "c", "U", "leaves nim sum 3")]
    texts = [b.children for b in _buttons(move_list(items, KIND, heading="h", mark_draws=True))]
    assert texts == ["a (loses)", "○ b (draws)", "c (leaves nim sum 3)"]
    texts = [b.children for b in _buttons(move_list(items, KIND, heading="h", best=[1]))]
    assert texts == ["a (loses)", "★ b (draws)", "c (leaves nim sum 3)"]
    assert move_id(KIND, 4) == {"type": KIND, "index": 4}
    assert pressed_index({"index": 3, "clicks": 1}) == 3
    for bad in (None, {}, {"index": "3"}, {"index": True}, [3]):
        assert pressed_index(bad) is None
