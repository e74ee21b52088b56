"""The board games of the solver's registry (solver.registry.boards): what a drawing shows, against brute force.

Tokens, Snakes-and-Adders and Fair Shares against the product graph of
``naive_tokens`` (retrograde analysis of every multiset of tokens) and Smith's
values by the free-order labelling; Eraserhead and Monochrome against the
brute-force Grundy values of ``naive_graphs``.  The computer's pick is the
game's own strategy (tokens: Smith's; Fair Shares: the quickest win) or
:func:`solver.registry.choose_move` over the study.
"""

from __future__ import annotations

import pytest
from naive_graphs import eraserhead_grundy, eraserhead_state, monochrome_in_play, monochrome_reference
from naive_tokens import INF, free_order_values, product_outcomes

from solver import parse_graph
from solver.graphs import computer_fair_shares_move, fair_shares
from solver.registry import choose_move, find_game
from solver.registry.boards import (
    BoardGame,
    loopy_class,
    loopy_label,
    outcome_sentence,
    token_reason,
    vertex_text,
)
from solver.registry.finite_graphs import EraserheadBoardGame, MonochromeBoardGame

ISLAND = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
BOARD_GAMES = ("tokens", "snakes-and-adders", "fair-shares", "monochrome", "eraserhead")


def _studied(name: str, board_text: str, pieces: str):
    game = find_game(name)
    assert isinstance(game, BoardGame)
    board = game.read_board(board_text)
    return game, board, game.study(game.on_board(board, pieces))


def test_the_registry_returns_a_board_game_for_each_game_on_a_graph():
    for name in BOARD_GAMES:
        assert isinstance(find_game(name), BoardGame), name
    assert isinstance(find_game("eraserhead"), EraserheadBoardGame)
    assert isinstance(find_game("monochrome"), MonochromeBoardGame)
    assert not isinstance(find_game("kayles"), BoardGame)
    assert find_game("eraserhead").slides and not find_game("monochrome").slides
    assert (find_game("eraserhead").piece, find_game("monochrome").piece) == ("eraser", "mark")


@pytest.mark.parametrize(
    ("name", "text", "split"),
    [
        ("tokens", "0>1,1>2,2>0:2,0,0", ("0>1,1>2,2>0", "0,0,2")),
        ("snakes-and-adders", "20: 8>2; 4,HOME", ("20: 8>2", "4,HOME")),
        ("fair-shares", "1+2+3", ("6", "3+2+1")),
        ("eraserhead", "cycle-9:4,0,2", ("cycle-9", "0,2,4")),
        ("monochrome", "path-5", ("path-5", "")),
        ("monochrome", "0-1,1-2,2-3:3,0", ("path-4", "0,3")),
    ],
)
def test_split_gives_the_board_and_the_pieces(name, text, split):
    game = find_game(name)
    position = game.parse(text)
    assert game.split(position) == split
    assert game.on_board(game.read_board(split[0]), split[1]) == position


def test_labels_classes_reasons_and_sentences():
    assert [loopy_label(t) for t in ("0", "3", "inf{}", "inf{0,2}")] == ["*0", "*3", "∞{}", "∞{0,2}"]
    assert [loopy_class(t) for t in ("0", "3", "inf{}", "inf{0,2}", "inf{1}", "?")] == ["L", "W", "D", "W", "D", ""]
    texts = ["0", "3", "inf{0,1}", "inf{}"]
    assert token_reason(texts, ()) == "no token"
    assert token_reason(texts, (1, 1, 0)) == "nim-sum of the values 0"
    assert token_reason(texts, (2, 1)) == "one ∞ token, ∞{0,1}, and the others' nim-sum 3"
    assert token_reason(texts, (2, 3)) == "2 tokens of value ∞"
    assert outcome_sentence("W", 2, "x") == "W: the player to move wins (x)."
    assert outcome_sentence("D", 1) == "D: a draw: neither player can force a win."
    assert outcome_sentence("L", 0, "no token") == "no move: the player to move has lost (no token)."
    assert vertex_text((2, 0, 0)) == "0,0,2"


@pytest.mark.parametrize(
    ("board", "tokens"),
    [(ISLAND, "1,6"), (ISLAND, "3,5,7"), ("0>1,1>2,2>0,1>3", "0,0,2"), ("0>0,1>0,2>1,2>2", "1,2"), ("path-5", "0,2")],
)
def test_tokens_study_agrees_with_the_product_graph_and_smiths_values(board, tokens):
    game, found, study = _studied("tokens", board, tokens)
    succ = parse_graph(board, directed=True).neighbours()
    state = tuple(sorted(int(v) for v in tokens.split(",")))
    truth = product_outcomes(succ, len(state))
    assert study.outcome == truth[state] == game.outcome(study.position)
    single = product_outcomes(succ, 1)
    assert study.classes == tuple(single[(v,)] for v in range(len(succ)))
    value, k = free_order_values(succ)
    expected = [f"∞{{{','.join(map(str, k[v]))}}}" if value[v] == INF else f"*{value[v]}" for v in range(len(succ))]
    assert list(study.labels) == expected
    assert study.tokens == tuple(state.count(v) for v in range(len(succ)))
    assert [m.move.label for m in study.moves] == [m.label for m in game.moves(study.position)]
    for m in study.moves:
        assert m.outcome == truth[tuple(sorted(int(v) for v in m.pieces.split(",")))]
        assert m.taps == m.edge == m.move.arc
    assert study.pieces == tokens and study.sentence.startswith(f"{study.outcome}:")
    assert found.text == board and found.names[0] == "0"


def test_tokens_pick_wins_a_won_game_against_every_defence():
    """From a W position Smith's pick ends the game: no defence loops for ever (graph-games.md section 2)."""
    game = find_game("tokens")
    board = game.read_board(ISLAND)
    frontier, seen = {"1,6"}, set()
    for _ in range(40):
        following = set()
        for pieces in frontier:
            study = game.study(game.on_board(board, pieces))
            assert study.outcome == "W"
            mine = study.moves[game.computer_pick(study)]
            assert mine.move == game.computer_move(study.position)
            reply = game.study(game.on_board(board, mine.pieces))
            assert reply.outcome == "L"
            for answer in reply.moves:
                if answer.pieces not in seen:
                    seen.add(answer.pieces)
                    if game.study(game.on_board(board, answer.pieces)).moves:
                        following.add(answer.pieces)
        frontier = following
        if not frontier:
            break
    assert not frontier


def test_tokens_toggle_and_board_edits():
    game = find_game("tokens")
    board = game.read_board("path-5")
    assert game.toggle(board, "0", 3) == "0,3"
    assert game.toggle(board, "0,0,3", 0) == "0,3"
    assert game.add_vertex(game.read_board("0>1")) == "0>1,2"
    assert game.toggle_edge(game.read_board("0>1,2"), 1, 2) == "0>1,1>2"
    assert game.toggle_edge(game.read_board("0>1,1>2"), 1, 2) == "0>1,2"
    with pytest.raises(ValueError, match="off the graph"):
        game.on_board(game.read_board("0>1"), "5")
    with pytest.raises(ValueError, match="directed"):
        game.read_board("0-1")


def test_snakes_study_is_the_token_game_of_its_board():
    game, board, study = _studied("snakes-and-adders", "6", "1,4")
    assert board.names[-1] == "HOME" and board.drawn == () and board.text == "6"
    # No arrows: a square's value is its distance to HOME mod 5.
    assert study.labels[:6] == tuple(f"*{(6 + 1 - s) % 5}" for s in range(1, 7))
    truth = product_outcomes(board.graph.neighbours(), 2)
    assert study.outcome == truth[(0, 3)] == game.outcome(study.position)
    for m in study.moves:
        assert m.taps == (m.move.arc[0] - 1, m.move.arc[1] - 1) and m.edge is None
    # An arrow's tail shows nothing and is out of play.
    _game, board, study = _studied("snakes-and-adders", "20: 8>2", "1")
    assert board.drawn == ((7, 1),) and study.labels[7] == "" and study.out[7] and not study.out[6]
    with pytest.raises(ValueError, match="tail"):
        game.on_board(board, "8")
    with pytest.raises(ValueError, match="tail"):
        game.toggle(board, "1", 7)
    assert game.toggle(board, "1", 3) == "1,4"
    assert game.toggle_edge(board, 7, 1) == "20"
    assert game.toggle_edge(game.read_board("20"), 9, 18) == "20: 10>19"
    with pytest.raises(ValueError, match="not drawn by hand"):
        game.add_vertex(board)


def test_fair_shares_study_and_pick():
    game, board, study = _studied("fair-shares", "6", "3+2+1")
    assert board.n == 11 and board.levels == tuple(len(name.split("+")) for name in board.names)
    truth = product_outcomes(board.graph.neighbours(), 1)
    assert study.classes == tuple(truth[(v,)] for v in range(11))
    here = board.names.index("3+2+1")
    assert study.outcome == truth[(here,)] and study.tokens[here] == 1
    for m in study.moves:
        there = board.names.index(m.pieces)
        assert m.taps == (there,) and m.edge == (here, there) and m.outcome == truth[(there,)]
    pick = study.moves[game.computer_pick(study)]
    assert pick.move.child == computer_fair_shares_move(fair_shares(6), (3, 2, 1)).result
    moves = [m.move for m in study.moves]
    chosen = choose_move(moves, [m.outcome for m in study.moves], [m.remoteness for m in study.moves])
    assert chosen == pick.move  # the same policy as the one computer's choice
    assert game.toggle(board, "6", 4) == board.names[4]
    large = game.read_board("40")
    assert large.graph is None and large.n == 37_338 and large.levels is None
    with pytest.raises(ValueError):
        game.on_board(board, "3+2")
    with pytest.raises(ValueError, match="almonds"):
        game.read_board("61")


def test_monochrome_study_against_brute_force():
    game, board, study = _studied("monochrome", "path-7", "")
    edges = list(board.graph.edges)
    grundy = monochrome_reference(edges)[0]
    assert study.outcome == ("L" if grundy(monochrome_in_play(7, edges, ())) == 0 else "W")
    for m in study.moves:
        (v,) = m.taps
        after = grundy(monochrome_in_play(7, edges, (v,)))
        assert m.move.vertex == v and m.outcome == ("L" if after == 0 else "W") and study.labels[v] == f"→*{after}"
    marked = game.study(game.on_board(board, "3"))
    assert marked.tokens[3] == 1 and marked.out[2] and marked.out[4] and not marked.out[0]
    assert [m.move.label for m in marked.moves] == [m.label for m in game.moves(marked.position)]
    with pytest.raises(ValueError):
        game.toggle(board, "3", 4)  # next to the mark: not a position
    assert game.toggle(board, "3", 0) == "0,3"
    pick = game.computer_pick(study)
    assert pick == next(k for k, m in enumerate(study.moves) if m.outcome == "L")  # the first winning mark


def test_eraserhead_study_against_brute_force():
    game, board, study = _studied("eraserhead", "cycle-5", "0,2")
    edges = list(board.graph.edges)
    assert study.outcome == ("L" if eraserhead_grundy(eraserhead_state(edges, (0, 2))) == 0 else "W")
    assert study.labels == ("*" + str(eraserhead_grundy(eraserhead_state(edges, (0, 2)))),) * 5
    for m in study.moves:
        start, end = m.taps
        left = [e for e in edges if e != m.edge]
        erasers = tuple(sorted({0, 2} - {start} | {end}))
        assert m.move.arc == (start, end) and m.pieces == vertex_text(erasers)
        assert m.outcome == ("L" if eraserhead_grundy(eraserhead_state(left, erasers)) == 0 else "W")
        assert game.read_board(m.board).graph.edges == tuple(sorted(left))
    assert [m.move.label for m in study.moves] == [m.label for m in game.moves(study.position)]
    # Components: each vertex shows its own component's value; one without erasers shows none.
    _game, board, study = _studied("eraserhead", "0-1,1-2,3-4,4-5,5-6", "0")
    assert study.labels[3:] == ("",) * 4 and study.labels[0] == "*" + str(
        eraserhead_grundy(eraserhead_state([(0, 1), (1, 2)], (0,)))
    )
    assert game.toggle(board, "0", 4) == "0,4"
    with pytest.raises(ValueError, match="an edge joins two different vertices"):
        game.toggle_edge(board, 2, 2)


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_a_study_beyond_the_time_limit_is_refused(name):
    game = find_game(name)
    example = {
        "tokens": ("complete-40", "0,1,2"),
        "snakes-and-adders": None,
        "fair-shares": ("40", "40"),
        "monochrome": ("grid-6x6", ""),
        "eraserhead": ("grid-5x5", "0,6,12,18,24"),
    }[name]
    if example is None:
        pytest.skip("a Snakes-and-Adders board is always quick")
    board_text, pieces = example
    with pytest.raises(ValueError):
        if name == "fair-shares":
            game.read_board(board_text, max_seconds=1e-9)
        game.study(game.on_board(game.read_board(board_text), pieces), max_seconds=1e-9)


def test_fit_pieces_gives_a_position_of_a_new_board():
    """Fair Shares: the last N's partition on a new N becomes N as one heap; a partition of N is kept."""
    game = find_game("fair-shares")
    board = game.read_board("11")
    assert game.fit_pieces(board, "2+2+2") == "11"
    assert game.fit_pieces(board, "nonsense") == "11"
    assert game.fit_pieces(board, "5+3+3") == "5+3+3"
    assert game.study(game.on_board(board, "11")).outcome in ("W", "L", "D")
    # Games whose pieces are vertices keep them (a token off the graph is the player's to correct).
    tokens = find_game("tokens")
    assert tokens.fit_pieces(tokens.read_board("0>1"), "5") == "5"


def test_put_and_take_stack_tokens_on_one_vertex():
    """Tokens may share a vertex: a put adds one more, a take takes one away (issue 34, item 7)."""
    game = find_game("tokens")
    board = game.read_board("0>1,1>2")
    assert game.stacks
    assert game.put(board, "0,2", 2) == "0,2,2"
    assert game.put(board, "0,2,2", 2) == "0,2,2,2"
    assert game.take(board, "0,2,2", 2) == "0,2"
    assert game.take(board, "0,2", 2) == "0"
    with pytest.raises(ValueError, match="no token"):
        game.take(board, "0", 2)
    with pytest.raises(ValueError):
        game.put(board, "0", 3)
    # A vertex of Monochrome holds one mark: a put there toggles it, and take is refused.
    mono = find_game("monochrome")
    path = mono.read_board("path-5")
    assert not mono.stacks and mono.put(path, "0", 3) == "0,3" and mono.put(path, "0,3", 3) == "0"
    with pytest.raises(ValueError):
        mono.take(path, "0,3", 3)


def test_delete_vertex_renumbers_the_later_vertices_and_their_pieces():
    game = find_game("tokens")
    board = game.read_board("0>1,1>2,2>3,3>0,1>3")
    assert game.delete_vertex(board, "1,2,3,3", 1) == ("1>2,2>0", "1,2,2")
    assert game.delete_vertex(board, "", 3) == ("0>1,1>2", "")
    mono = find_game("monochrome")
    assert mono.delete_vertex(mono.read_board("path-4"), "0,3", 1) == ("1-2", "0,2")
    # The deleted board reads back as a board of n - 1 vertices.
    text, _pieces = game.delete_vertex(game.read_board("0>1,2"), "", 0)
    assert game.read_board(text).n == 2
    with pytest.raises(ValueError):
        game.delete_vertex(board, "", 7)
    with pytest.raises(ValueError, match="not drawn by hand"):
        find_game("fair-shares").delete_vertex(find_game("fair-shares").read_board("4"), "4", 0)
