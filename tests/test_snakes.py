"""Snakes-and-Adders (solver.graphs.snakes) against the rules played out by brute force.

The reference moves a counter straight from the rules (advance 1 to 4, never
beyond HOME, follow arrows until the counter rests) and solves the whole
position of 1 to 3 counters by retrograde analysis (tests/naive_tokens.py).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_tokens import solve_game, token_states
from test_cli_graph_game import ok

from solver import Outcome
from solver.graphs import (
    DEFAULT_SNAKES_BOARD,
    SnakesBoard,
    parse_arrows,
    parse_squares,
    snakes_board,
    snakes_cost,
    snakes_position,
)


def rule_moves(size: int, arrows: dict[int, int], square: int) -> set[int]:
    """Where a counter on ``square`` can come to rest, from the rules."""
    home = size + 1
    found = set()
    for step in (1, 2, 3, 4):
        landing = square + step
        if landing > home:
            continue
        hops = 0
        while landing in arrows:
            landing = arrows[landing]
            hops += 1
            assert hops <= len(arrows)
        found.add(landing)
    return found


def rule_outcomes(size: int, arrows: dict[int, int], counters: int) -> dict[tuple[int, ...], str]:
    """Outcome letters of every position of ``counters`` counters (squares, sorted), tails excluded."""
    resting = [s for s in range(1, size + 2) if s not in arrows]
    index = {s: i for i, s in enumerate(resting)}
    succ = [sorted(index[t] for t in rule_moves(size, arrows, s)) for s in resting]

    def followers(state):
        out = set()
        for i, v in enumerate(state):
            for w in succ[v]:
                out.add(tuple(sorted(state[:i] + (w,) + state[i + 1 :])))
        return out

    solved = solve_game(token_states(len(resting), counters), followers)
    return {tuple(resting[i] for i in state): letter for state, letter in solved.items()}


@st.composite
def boards(draw):
    size = draw(st.integers(1, 12))
    home = size + 1
    arrows: dict[int, int] = {}
    for _ in range(draw(st.integers(0, 4))):
        tail = draw(st.integers(1, size))
        head = draw(st.integers(1, home))
        if tail == head or tail in arrows:
            continue
        arrows[tail] = head
        # Drop an arrow that closes a circle of arrows.
        seen, square = {tail}, head
        while square in arrows:
            if square in seen:
                del arrows[tail]
                break
            seen.add(square)
            square = arrows[square]
    return size, arrows


@settings(max_examples=120, deadline=None)
@given(boards(), st.integers(1, 3))
def test_outcomes_against_the_rules(board, counters):
    size, arrows = board
    game = SnakesBoard(size, tuple(arrows.items()))
    truth = rule_outcomes(size, arrows, counters)
    for squares, letter in truth.items():
        found = snakes_position(game, squares)
        assert found.position.outcome.name == letter, (size, arrows, squares)
        for move in found.position.moves:
            assert move.target + 1 in rule_moves(size, arrows, move.source + 1)
        reached = {m.target + 1 for m in found.position.moves if m.source + 1 == squares[0]}
        assert reached == rule_moves(size, arrows, squares[0])


def test_a_board_without_arrows_is_subtraction_of_one_to_four():
    # Without arrows, a counter at distance d from HOME is the subtraction game {1, 2, 3, 4}: *(d mod 5).
    found = snakes_position(snakes_board(12), ())
    assert found.value_texts() == {
        **{str(s): str((13 - s) % 5) for s in range(1, 13)},
        "HOME": "0",
    }
    assert snakes_position(snakes_board(12), (1, 4)).position.outcome == Outcome.W  # 2 xor 4
    assert snakes_position(snakes_board(12), (3, 13)).position.outcome == Outcome.L  # 0 xor 0


def test_the_default_board_loops_and_has_interesting_values():
    board = DEFAULT_SNAKES_BOARD
    assert any(head < tail for tail, head in board.arrows)  # a snake: play can loop
    values = snakes_position(board, ()).value_texts()
    assert set(values) == {str(s) for s in board.squares()} - {str(board.home)} | {"HOME"}
    assert values == {
        "1": "inf{}",
        "2": "inf{}",
        "3": "inf{}",
        "4": "inf{}",
        "5": "inf{}",
        "6": "inf{2}",
        "7": "inf{0,2}",
        "9": "inf{0,2}",
        "11": "0",
        "12": "inf{0}",
        "13": "inf{0,4}",
        "14": "inf{0,3,4}",
        "16": "0",
        "17": "4",
        "18": "3",
        "19": "2",
        "20": "1",
        "HOME": "0",
    }
    truth = rule_outcomes(board.size, dict(board.arrows), 2)
    for squares, letter in truth.items():
        assert snakes_position(board, squares).position.outcome.name == letter


def test_chains_of_arrows_are_followed():
    board = snakes_board(10, "3>7,7>4")
    assert board.rest(3) == 4
    assert board.steps(1) == {2: (1,), 4: (2, 3), 5: (4,)}
    assert board.squares() == [1, 2, 4, 5, 6, 8, 9, 10, 11]
    assert snakes_board(10, "9>HOME").steps(8) == {11: (1, 3), 10: (2,)}


def test_bad_boards_and_counters():
    with pytest.raises(ValueError, match="starts at HOME"):
        snakes_board(10, "HOME>3")
    with pytest.raises(ValueError, match="starts at HOME"):
        snakes_board(10, "11>3")
    with pytest.raises(ValueError, match="off the board"):
        snakes_board(10, "12>3")
    with pytest.raises(ValueError, match="off the board"):
        snakes_board(10, "0>3")
    with pytest.raises(ValueError, match="off the board"):
        SnakesBoard(10, ((3, 12),))
    with pytest.raises(ValueError, match="two arrows leave square 3"):
        snakes_board(10, "3>5,3>7")
    with pytest.raises(ValueError, match="its own tail"):
        snakes_board(10, "3>3")
    with pytest.raises(ValueError, match="circle"):
        snakes_board(10, "3>5,5>8,8>3")
    with pytest.raises(ValueError, match="not an arrow"):
        parse_arrows("3-5", 10)
    with pytest.raises(ValueError, match="not a square"):
        parse_arrows("3>x", 10)
    with pytest.raises(ValueError, match="size"):
        snakes_board(0)
    board = snakes_board(10, "3>5")
    with pytest.raises(ValueError, match="arrow's tail"):
        parse_squares("3", board)
    with pytest.raises(ValueError, match="arrow's tail"):
        snakes_position(board, (3,))
    with pytest.raises(ValueError, match="off the board"):
        parse_squares("0", board)
    with pytest.raises(ValueError, match="off the board"):
        snakes_position(board, (12,))
    assert parse_squares("1, 4,home", board) == (1, 4, 11)
    with pytest.raises(ValueError, match=r"square 11 is off the board: its squares are 1\.\.10 and HOME \(write HOME"):
        parse_squares("11", board)  # once silently HOME, while 12 was refused
    assert parse_arrows("3>11", 10) == ((3, 11),)  # an arrow's head may name HOME by its number


def test_command_line_prints_the_fields():
    out = json.loads(
        ok(
            "graph-game",
            "--game",
            "snakes-and-adders",
            "--size",
            "20",
            "--arrows",
            "5>12,14>3",
            "--tokens",
            "1,4",
            "--json",
        )
    )
    assert set(out) >= {"outcome", "values", "moves"}
    assert "5" not in out["values"] and "14" not in out["values"] and out["values"]["HOME"] == "0"
    truth = rule_outcomes(20, {5: 12, 14: 3}, 2)
    assert out["outcome"] == truth[(1, 4)]
    assert {"from": "1", "to": "12", "steps": [4]}.items() <= next(m for m in out["moves"] if m["to"] == "12").items()
    default = json.loads(ok("graph-game", "--game", "snakes-and-adders", "--tokens", "11,16", "--json"))
    assert default["arrows"] == DEFAULT_SNAKES_BOARD.arrows_text() and default["outcome"] == "L"


def test_the_estimate_covers_the_largest_board():
    board = snakes_board(9_999, "9000>10,5000>9500,100>50")
    cost = snakes_cost(board, 3)
    assert 0.2 < cost.seconds < 2.0 and cost.bytes < 100 * 2**20


@pytest.mark.parametrize("text", ["１,４", "٤"])
def test_squares_are_written_in_ascii_digits(text):
    with pytest.raises(ValueError):
        parse_squares(text, DEFAULT_SNAKES_BOARD)
