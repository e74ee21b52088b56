"""``python -m solver games`` and ``python -m solver moves``: every game of the registry, one way.

=================================================  ===========================================================
command                                            prints (``--json``)
=================================================  ===========================================================
``games``                                          every game: name, title, source, example, views
                                                   (``{"games": [...], "families": [...]}``)
``moves --game NAME POSITION``                     the position's outcome, value and remoteness, each move
                                                   with its label, child and outcome, and the computer's move
=================================================  ===========================================================

Both answer for every game that :func:`solver.registry.find_game` finds.
The estimate of the work (:meth:`solver.registry.Game.cost`) is checked
first, against ``--max-seconds`` and this machine's memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from solver import costs
from solver.engine.budget import usable_memory
from solver.parsing import argparse_int
from solver.registry import FAMILIES, Game, find_game, game_names, games
from solver.registry.rules import RuleGame

from .common import argument_text

__all__ = ["register", "games_command", "moves_command", "moves_answer"]

_OUTCOME_WORDS = {
    "W": "W: the player to move wins",
    "L": "L: the player to move loses",
    "D": "D: a draw with best play",
    "U": "U: not settled at this bound",
}


def _out(args: argparse.Namespace) -> IO[str]:
    return getattr(args, "out", None) or sys.stdout


def games_command(args: argparse.Namespace) -> None:
    """``games``: every game of the registry, and the families found by a pattern."""
    listed = [game.describe() for game in games()]
    families = [{"pattern": pattern, "examples": list(examples)} for pattern, examples in FAMILIES]
    out = _out(args)
    if args.json:
        out.write(json.dumps({"games": listed, "families": families}) + "\n")
        return
    patterns = ", ".join(pattern for pattern, _examples in FAMILIES)
    print(f"# {len(listed)} games; any member of the families {patterns} is found too", file=out)
    for entry in listed:
        aliases = f" (also {', '.join(entry['aliases'])})" if entry["aliases"] else ""
        print(f"{entry['name']}{aliases}: {entry['title']}", file=out)
        print(f"    source: {entry['source']}", file=out)
        print(f"    example: {entry['example']}", file=out)
        print(f"    views: {', '.join(entry['views']) or 'none'}", file=out)


def moves_answer(game: Game, position: Any) -> dict:
    """The answer of ``moves`` as a dict: the position's outcome, value, remoteness, its moves and the computer's.

    Parameters
    ----------
    game : Game
    position
        A position of ``game`` (as :meth:`Game.parse` returns it).

    Returns
    -------
    dict
        ``{"game", "position", "outcome", "value", "remoteness", "moves", "computer"}``; each move is
        ``{"label", "child", "outcome", "winning"}`` (a move is winning when its child is L), and the
        computer's move is a label or None.
    """
    moves = game.moves(position)
    listed = []
    for move in moves:
        outcome = game.outcome(move.child)
        listed.append(
            {"label": move.label, "child": game.format(move.child), "outcome": outcome, "winning": outcome == "L"}
        )
    choice = game.computer_move(position) if moves else None
    return {
        "game": game.name,
        "position": game.format(position),
        "outcome": game.outcome(position),
        "value": game.value(position),
        "remoteness": game.remoteness(position),
        "moves": listed,
        "computer": None if choice is None else choice.label,
    }


def moves_command(args: argparse.Namespace) -> None:
    """``moves --game NAME POSITION``: the position and each of its moves with the outcome it leaves."""
    game = find_game(args.game)
    if args.bound is not None:
        if not isinstance(game, RuleGame):
            raise ValueError(f"--bound is for the put-or-take rules; {game.title} is exact without a bound")
        game = game.with_bound(args.bound)
    position = game.parse(args.position)
    seconds = float(costs.DEFAULT_MAX_SECONDS if args.max_seconds is None else args.max_seconds)
    costs.check_cost(
        game.cost(position),
        max_seconds=seconds,
        max_bytes=usable_memory(),
        advice=f"choose a smaller position, or allow more time with --max-seconds (now {seconds:,.0f})",
    )
    answer = moves_answer(game, position)
    out = _out(args)
    if args.json:
        out.write(json.dumps(answer) + "\n")
        return
    bound = f" at bound {game.bound:,}" if isinstance(game, RuleGame) else ""
    print(f"# {game.title}{bound}: {answer['position']}", file=out)
    print(f"outcome: {_OUTCOME_WORDS[answer['outcome']]}", file=out)
    if answer["value"] is not None:
        print(f"value: {answer['value']}", file=out)
    if answer["remoteness"] is not None:
        print(f"remoteness: {answer['remoteness']}", file=out)
    if not answer["moves"]:
        print("moves: none (the player to move has lost)" if game.outcome(position) == "L" else "moves: none", file=out)
        return
    print("moves:", file=out)
    for move in answer["moves"]:
        mark = "  winning" if move["winning"] else ""
        print(f"  {move['label']}: leaves {move['child']}, {move['outcome']}{mark}", file=out)
    print(f"computer: {answer['computer']}", file=out)


def register(subparsers) -> None:
    """Add ``games`` and ``moves`` to ``python -m solver``'s subparsers.

    Parameters
    ----------
    subparsers
        From ``ArgumentParser.add_subparsers``.
    """
    p = subparsers.add_parser("games", help="every game: its name, title, source, an example position and its views")
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.set_defaults(run=games_command)

    p = subparsers.add_parser(
        "moves",
        help="a position of any game: its outcome, value, remoteness and every move with the outcome it leaves",
    )
    p.add_argument(
        "--game",
        required=True,
        metavar="NAME",
        help=f"the game: {', '.join(game_names())}, or any member of the families "
        f"{', '.join(pattern for pattern, _examples in FAMILIES)} (python -m solver games)",
    )
    p.add_argument(
        "position",
        type=argument_text,
        metavar="POSITION",
        help="the position, as the game writes it (see its example); @FILE or @- reads it from a file or standard input",
    )
    p.add_argument(
        "--bound",
        type=argparse_int("the bound (--bound)", least=1),
        metavar="B",
        help="the put-or-take rules only: the bound the answers come from (default 1,000,000, the thesis's setup)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help=f"refuse work estimated to take longer than S seconds (default {costs.DEFAULT_MAX_SECONDS:,.0f})",
    )
    p.set_defaults(run=moves_command)
