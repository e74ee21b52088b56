"""One harness over the registry: every game passes the same protocol tests (solver.registry).

For each game of :func:`solver.find_game`'s list (and a few more members of the
families), from its example position and the positions a few moves away:

- the text of a position reads back to the same position;
- every move's child is a position of the game, and reads back;
- outcomes agree with the children's (W iff some move reaches L; L iff every
  move reaches W; D otherwise in a loopy game; a bounded game may leave U but
  never a label its children contradict);
- the estimate is there, finite and not negative;
- the computer plays the game against itself to the end: a W position
  under exact remoteness ends in exactly that many moves, won by the side to
  move first, and a draw stays a draw;
- a game drawn on a board (:class:`solver.registry.boards.BoardGame`)
  splits a position into board and pieces that read back to it, studies it
  as its moves and outcomes say, one entry per vertex,
  and its computer's pick keeps a win and a draw.
"""

from __future__ import annotations

import json
import math

import pytest

from solver import costs
from solver.cli.main import main
from solver.registry import OUTCOMES, Game, Move, choose_move, find_game, game_names
from solver.registry.boards import BoardGame
from solver.registry.rules import RuleGame

#: Small bounds keep the rules' solves quick; their examples are moved to small positions.
RULE_BOUND = 3_000
RULE_STARTS = ("92", "17", "4708")
#: Positions looked at per game (breadth first from the example).
MAX_POSITIONS = 25
#: Extra members of the families, beside those game_names lists.
EXTRA = ("octal-0.6", "octal-4.07", "chomp-1x5", "chomp-2x3")


def _game(name: str) -> Game:
    game = find_game(name)
    if isinstance(game, RuleGame):
        return game.with_bound(RULE_BOUND)
    return game


def _starts(game: Game) -> list:
    if isinstance(game, RuleGame):
        return [game.parse(text) for text in RULE_STARTS]
    return [game.parse(game.example)]


def _positions(game: Game) -> list:
    """The example and the positions reached from it, breadth first, at most MAX_POSITIONS."""
    seen: dict = {}
    queue = list(_starts(game))
    while queue and len(seen) < MAX_POSITIONS:
        position = queue.pop(0)
        if position in seen:
            continue
        moves = game.moves(position)
        seen[position] = moves
        queue.extend(m.child for m in moves[:4])
    return list(seen)


NAMES = (*game_names(), *EXTRA)


def test_every_listed_name_is_found_and_unique():
    names = game_names()
    assert len(names) == len(set(names))
    for name in names:
        assert find_game(name).name == name
        assert find_game(f"  {name.upper()} ") is find_game(name)


@pytest.mark.parametrize("alias,name", [("kayles", "octal-0.77"), ("robs-dots", "octal-0.137")])
def test_aliases_find_one_object(alias, name):
    assert find_game(alias) is find_game(name)
    assert alias in find_game(name).aliases


@pytest.mark.parametrize("bad", ["", "nope", "octal-0.8", "chomp-9x9", "x" * 500])
def test_unknown_names_are_refused_with_the_list(bad):
    with pytest.raises(ValueError):
        find_game(bad)


def test_a_name_must_be_text():
    with pytest.raises(TypeError):
        find_game(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_description_and_round_trip(name):
    game = _game(name)
    described = game.describe()
    for key in ("name", "title", "summary", "source", "example", "views", "value_kind"):
        assert described[key] not in (None, ""), key
    assert described["value_kind"] in ("grundy", "loopy", "none")
    for position in _positions(game):
        text = game.format(position)
        assert game.parse(text) == position
        assert game.format(game.parse(text)) == text


@pytest.mark.parametrize("name", NAMES)
def test_children_parse_and_labels_are_distinct(name):
    game = _game(name)
    for position in _positions(game):
        moves = game.moves(position)
        assert all(isinstance(m, Move) for m in moves)
        labels = [m.label for m in moves]
        assert len(labels) == len(set(labels)), labels
        for move in moves:
            assert game.parse(game.format(move.child)) == move.child


@pytest.mark.parametrize("name", NAMES)
def test_outcomes_agree_with_the_children(name):
    game = _game(name)
    for position in _positions(game):
        outcome = game.outcome(position)
        assert outcome in OUTCOMES
        children = [game.outcome(m.child) for m in game.moves(position)]
        if not children:
            assert outcome == ("L" if game.last_mover_wins else "W")
            continue
        if "L" in children and outcome != "U":  # above a bound, U is sound though a child is L
            assert outcome == "W", (game.format(position), children)
        if outcome == "W":
            assert "L" in children
        if outcome == "L":
            assert all(c == "W" for c in children)
        if outcome == "D":
            assert "L" not in children and any(c in ("D", "U") for c in children)
        if not game.bounded:
            assert outcome != "U"
            if all(c == "W" for c in children):
                assert outcome == "L"
            if not game.loopy:
                assert outcome in ("W", "L")


@pytest.mark.parametrize("name", NAMES)
def test_values_agree_with_outcomes(name):
    game = _game(name)
    for position in _positions(game):
        value = game.value(position)
        outcome = game.outcome(position)
        if game.value_kind == "grundy":
            assert isinstance(value, int) and value >= 0
            assert (value == 0) == (outcome == "L")
        elif game.value_kind == "loopy":
            # Smith's value: 0 exactly for L; inf{K} is W when 0 is in K, else D.
            if value is None:  # a rule at a bound: the value depends on positions beyond it
                assert game.bounded
                continue
            assert isinstance(value, str)
            if value.isdigit():
                assert (value == "0") == (outcome == "L")
            else:
                assert value.startswith("inf{") and value.endswith("}")
                assert outcome == ("W" if "0" in value[4:-1].split(",") else "D")


@pytest.mark.parametrize("name", NAMES)
def test_the_estimate_is_there(name):
    game = _game(name)
    for position in _positions(game)[:5]:
        cost = game.cost(position)
        assert isinstance(cost, costs.Cost)
        assert math.isfinite(cost.seconds) and cost.seconds >= 0
        assert cost.bytes >= 0 and cost.what


@pytest.mark.parametrize("name", NAMES)
def test_the_computer_plays_to_the_end(name):
    game = _game(name)
    for start in _starts(game):
        outcome = game.outcome(start)
        remoteness = game.remoteness(start)
        position, seen, plies = start, {start}, 0
        while plies < 400:
            move = game.computer_move(position)
            if move is None:
                break
            assert move in game.moves(position)
            here = game.outcome(position)
            after = game.outcome(move.child)
            if here == "W":
                assert after == "L", "a won position is kept won"
            if here == "D":
                assert after == "D", "a draw is kept"
            position = move.child
            plies += 1
            if position in seen:
                break
            seen.add(position)
        if outcome in ("W", "L") and remoteness is not None:
            assert plies == remoteness, (game.format(start), plies, remoteness)
        if outcome == "D":
            assert game.outcome(position) == "D"


@pytest.mark.parametrize("name", NAMES)
def test_the_remoteness_of_several_positions_is_that_of_each(name):
    """Game.remotenesses (one search where a game shares it) against remoteness asked position by position."""
    game = _game(name)
    for start in _starts(game):
        positions = [start, *(m.child for m in game.moves(start)[:12])]
        assert game.remotenesses(positions) == [game.remoteness(p) for p in positions]


def test_the_computers_move_and_the_tree_search_the_remoteness_once(monkeypatch):
    """The remoteness of every move of a finite game (and every node of its tree) is one search, not one each."""
    import solver.impartial.octal as octal
    from dashboard.gametree.build import build_tree

    searches = []
    real = octal.search_remoteness
    monkeypatch.setattr(octal, "search_remoteness", lambda *a: searches.append(1) or real(*a))
    game = find_game("octal-4.7")
    start = game.parse("5+7+9")
    assert len(game.moves(start)) > 1 and game.computer_move(start) is not None
    assert len(searches) == 1
    tree = build_tree(game, game.parse("2+3+4"), 2)  # small enough for the tree to carry remoteness
    assert len(tree.nodes) > 2 and all(n.remoteness is not None for n in tree.nodes)
    assert len(searches) == 2


BOARD_NAMES = tuple(name for name in game_names() if isinstance(find_game(name), BoardGame))


def test_the_games_on_a_graph_are_board_games():
    assert set(BOARD_NAMES) == {"tokens", "snakes-and-adders", "fair-shares", "eraserhead", "monochrome"}


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_a_study_agrees_with_the_moves_and_outcomes(name):
    game = _game(name)
    assert isinstance(game, BoardGame)
    for position in _positions(game)[:8]:
        board_text, pieces = game.split(position)
        assert game.on_board(game.read_board(board_text), pieces) == position
        study = game.study(position)
        moves = game.moves(position)
        assert study.position == position and study.pieces == pieces
        assert study.outcome == game.outcome(position)
        assert [m.move for m in study.moves] == moves
        assert all(m.outcome == game.outcome(m.move.child) for m in study.moves)
        n = len(study.labels)
        assert n and len(study.classes) == len(study.tokens) == len(study.out) == n
        assert all(c in ("W", "L", "D", "") for c in study.classes)
        assert study.sentence.endswith(".") and study.reason in study.sentence
        for m in study.moves:
            assert all(0 <= v < n for v in m.taps) and len(m.taps) == (2 if game.slides else 1)
        pick = game.computer_pick(study)
        if not moves:
            assert pick is None
            continue
        assert pick is not None and 0 <= pick < len(moves)
        if study.outcome == "W":
            assert study.moves[pick].outcome == "L"
        if study.outcome == "D":
            assert study.moves[pick].outcome == "D"


def test_choose_move_wins_fastest_keeps_draws_and_loses_slowest():
    moves = [Move(str(k), k) for k in range(4)]
    assert choose_move(moves, ["W", "L", "L", "D"], [3, 5, 1, None]).label == "2"
    assert choose_move(moves, ["W", "U", "D", "W"], [3, None, None, 1]).label == "2"
    assert choose_move(moves, ["W", "W", "U", "W"], [3, 7, None, 1]).label == "2"
    assert choose_move(moves, ["W", "W", "W", "W"], [3, 7, None, 1]).label == "1"
    assert choose_move([], [], []) is None


def _run(argv, capsys):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_games_command_lists_every_game(capsys):
    status, out, _err = _run(["games", "--json"], capsys)
    assert status == 0
    listed = json.loads(out)
    assert [g["name"] for g in listed["games"]] == list(game_names())
    for entry in listed["games"]:
        assert entry["title"] and entry["source"] and entry["example"]
    assert {f["pattern"] for f in listed["families"]} >= {"octal-<code>", "chomp-RxC"}


@pytest.mark.parametrize("name", game_names())
def test_moves_command_answers_for_every_game(name, capsys):
    game = _game(name)
    start = _starts(game)[0]
    argv = ["moves", "--game", name, game.format(start), "--json"]
    if isinstance(game, RuleGame):
        argv += ["--bound", str(RULE_BOUND)]
    status, out, err = _run(argv, capsys)
    assert status == 0, err
    answer = json.loads(out)
    assert answer["outcome"] == game.outcome(start)
    assert [m["label"] for m in answer["moves"]] == [m.label for m in game.moves(start)]
    for entry, move in zip(answer["moves"], game.moves(start), strict=True):
        assert entry["child"] == game.format(move.child)
        assert entry["outcome"] == game.outcome(move.child)


def test_moves_command_matches_the_known_facts(capsys):
    # 92 has remoteness 11, and its put (to 173) is the winning move (the loopy-games lesson).
    status, out, _err = _run(["moves", "--game", "put-or-take-a-square", "92", "--bound", "20000", "--json"], capsys)
    assert status == 0
    answer = json.loads(out)
    assert (answer["outcome"], answer["remoteness"], answer["computer"]) == ("W", 11, "put")


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", "--game", "nope", "3"],
        ["moves", "--game", "kayles", "3+x"],
        ["moves", "--game", "wythoff", "3,5", "--bound", "10"],
        ["moves", "--game", "tokens", "0>1"],
    ],
)
def test_moves_command_refuses_bad_input_in_one_line(argv, capsys):
    status, out, err = _run(argv, capsys)
    assert status == 2 and not out
    assert err.startswith("python -m solver: error:") and err.count("\n") == 1


@pytest.mark.parametrize("name", ["spring-cleaning", "eraserhead", "monochrome", "chomp-2x6", "chomp-3x4"])
def test_moves_with_geometry_are_the_game_s_own_moves(name):
    game = find_game(name)
    for position in _positions(game):
        own = game.game.moves(position)
        listed = game.moves(position)
        assert [(m.label, m.child) for m in listed] == own


def test_a_sweep_s_cells_are_the_dirt_it_removes():
    game = find_game("spring-cleaning")
    for position in _positions(game):
        for move in game.moves(position):
            gone = {
                (r, c)
                for r, row in enumerate(position)
                for c, ch in enumerate(row)
                if ch == "#" and move.child[r][c] != "#"
            }
            assert set(move.cells) == gone and len(move.cells) == len(gone)
            rows = {r for r, _c in move.cells}
            columns = {c for _r, c in move.cells}
            assert len(rows) == 1 or len(columns) == 1, "a sweep takes a run of one row or one column"


@pytest.mark.parametrize("name", ["chomp-2x6", "chomp-3x4", "chomp-2x3"])
def test_a_bite_s_cells_are_the_pieces_eaten_from_the_piece_chosen(name):
    game = find_game(name)
    for position in _positions(game):
        for move in game.moves(position):
            chosen = move.cells[0]
            assert move.label == f"eat row {chosen[0] + 1}, column {chosen[1] + 1}"
            before = game.format(position).split("/")
            after = game.format(move.child).split("/")
            eaten = {
                (r, c) for r, line in enumerate(before) for c, ch in enumerate(line) if ch == "#" and after[r][c] != "#"
            }
            assert set(move.cells) == eaten
            assert all(r >= chosen[0] and c >= chosen[1] for r, c in eaten)
