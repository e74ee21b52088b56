"""The engine objects, the counts a solve keeps as it goes, and the cache's checksums taken piece by piece.

Every figure is checked against a second, plain computation: the counts
against a count of the codes, a checksum joined from pieces against zlib's
checksum of the whole.
"""

from __future__ import annotations

import dataclasses
import json
import zlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.engine import ENGINES, Engine, engine_for, solve, solve_rule
from solver.engine.engines import PutOrTakeEngine, SquareButOneEngine, SquaresEngine, SubtractEngine
from solver.engine.solution import Solution
from solver.engine.tallies import tally_codes, tally_dict
from solver.games import RULES, PutOrTake, get_rule
from solver.store import checksums
from solver.store import disk as store


def test_every_rule_has_its_engine():
    kinds = {
        "put-or-take-a-square": SquaresEngine,
        "put-or-take-a-cube": PutOrTakeEngine,
        "put-or-take-a-fibonacci-number": PutOrTakeEngine,
        "subtract-a-square": SubtractEngine,
        "subtract-a-square-misere": SubtractEngine,
        "square-but-one": SquareButOneEngine,
        "square-but-one-odd": SquareButOneEngine,
    }
    for name, kind in kinds.items():
        assert type(engine_for(get_rule(name))) is kind
    assert all(isinstance(engine_for(rule), Engine) for rule in RULES.values())
    assert [rule.name for rule in RULES.values() if engine_for(rule).one_byte] == ["put-or-take-a-square"]
    assert all(engine_for(rule).on_dask == isinstance(rule, PutOrTake) for rule in RULES.values())


def test_a_new_class_of_game_takes_its_base_class_engine():
    @dataclasses.dataclass(frozen=True)
    class Variant(PutOrTake):
        pass

    variant = Variant(name="put-or-take-a-cube", title="A variant", summary="", source="", sequence="cube")
    assert engine_for(variant) is ENGINES[PutOrTake]
    assert solve(3000, rule=variant) == solve(3000, rule="put-or-take-a-cube")  # the same name and codes


@pytest.mark.parametrize("name", ["put-or-take-a-square", "put-or-take-a-cube", "put-or-take-a-prime"])
@pytest.mark.parametrize("bound", [1, 2, 50, 1000, 123_457])
def test_the_counts_of_a_sweep_are_those_of_its_codes(name, bound):
    for general, solution in ((False, solve(bound, rule=name)), (True, solve_rule(name, bound))):
        assert solution.codes is not None
        if bound > 10**5 or (name == "put-or-take-a-square" and not general):  # the sweep (else perhaps rounds)
            assert solution.code_counts is not None
        if solution.code_counts is not None:
            assert np.array_equal(solution.code_counts, np.bincount(solution.codes[1:], minlength=256))
        counted = tally_dict(tally_codes(solution.codes, 1, bound, solution.rule.misere))
        assert solution.tally() == counted
        plain = Solution.from_codes(bound, solution.codes, 0.0, solution.rule)  # no counts: counted from the codes
        assert plain.code_counts is None and plain.tally() == counted


def test_counts_that_do_not_fit_are_refused():
    codes = solve(100).codes
    with pytest.raises(ValueError, match="code_counts"):
        Solution.from_codes(100, codes, 0.0, get_rule(None), np.zeros(256, np.int64))


@given(st.binary(max_size=300), st.binary(max_size=300), st.integers(0, 2**32 - 1))
def test_checksums_join_as_zlib_would(a, b, seed):
    assert checksums._crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)
    start = zlib.crc32(a, seed)
    assert checksums._crc32_combine(start, zlib.crc32(b), len(b)) == zlib.crc32(b, start)


@given(st.binary(max_size=3000))
def test_the_stores_checksum_is_zlibs(data):
    assert checksums._crc32(np.frombuffer(data, np.uint8)) == zlib.crc32(data)
    pieces = checksums._PieceChecksums()
    cut = len(data) // 3
    pieces.add(cut, len(data) - 1, np.frombuffer(data[cut:], np.uint8))  # in any order
    pieces.add(0, cut - 1, np.frombuffer(data[:cut], np.uint8))
    assert pieces.crc32(np.frombuffer(data, np.uint8)) == zlib.crc32(data)
    with pytest.raises(ValueError, match="shape"):
        pieces.add(0, 5, np.zeros(5, np.uint8))


def test_a_checksum_joined_from_pieces_is_the_whole_files(tmp_path, monkeypatch):
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path))
    monkeypatch.setattr("solver.engine.put_or_take._PROGRESS_STEP", 1 << 12)  # many pieces
    bound = 300_000
    solution, cached = store.solve_cached(bound)
    assert not cached
    meta = json.loads(next(tmp_path.glob("*.json")).read_text())
    codes = np.load(next(tmp_path.glob("*.codes.npy")))
    assert meta["arrays"]["codes"]["crc32"] == zlib.crc32(codes.tobytes())
    assert meta["code_counts"] == np.bincount(codes[1:], minlength=256).tolist()
    again = store.load(bound)  # checks every byte's CRC-32
    assert again is not None and again.code_counts is not None
    assert again.tally() == tally_dict(tally_codes(codes, 1, bound)) == solution.tally()


def test_damaged_counts_make_a_damaged_entry(tmp_path, monkeypatch):
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path))
    store.solve_cached(5000)
    path = next(tmp_path.glob("*.json"))
    meta = json.loads(path.read_text())
    meta["code_counts"][7] += 1
    path.write_text(json.dumps(meta))
    assert store.load(5000) is None  # refused (and removed), so it is solved again
    again, cached = store.solve_cached(5000)
    assert not cached and again == solve(5000)
