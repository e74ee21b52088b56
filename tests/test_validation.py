"""Tests of solver.validation: one convention for integer arguments."""

from __future__ import annotations

import numpy as np
import pytest

from solver.engine import solve
from solver.engine.solution import check_solution
from solver.text import format_number
from solver.validation import check_integer, check_seed


@pytest.mark.parametrize("value", [0, 7, -3, 10**40, np.int64(5), np.uint8(3), np.int32(-2)])
def test_integers_pass_as_python_ints(value):
    got = check_integer(value, "x")
    assert got == int(value) and type(got) is int


@pytest.mark.parametrize("value", [True, False, np.bool_(True), 2.0, 2.5, float("nan"), "5", None, [1], 1 + 0j])
def test_wrong_types_are_type_errors_naming_the_quantity(value):
    with pytest.raises(TypeError, match="the move depth must be an integer"):
        check_integer(value, "the move depth", least=0)


def test_out_of_range_is_a_value_error_with_the_range():
    with pytest.raises(ValueError, match=r"N must be an integer from 1 to 1,000, got 1,001"):
        check_integer(1001, "N", least=1, most=1000)
    with pytest.raises(ValueError, match=r"at least 1, got 0"):
        check_integer(0, "the start number", least=1)
    with pytest.raises(ValueError, match=r"at most 5, got 6"):
        check_integer(6, "k", most=5)
    assert check_integer(1000, "N", least=1, most=1000) == 1000
    assert check_integer(-(10**30), "anything") == -(10**30)


def test_seed():
    assert check_seed(0) == 0 and check_seed(np.int64(3)) == 3
    with pytest.raises(ValueError, match="seed"):
        check_seed(-1)
    with pytest.raises(TypeError, match="seed"):
        check_seed("1")


def test_solution():
    sol = solve(100)
    assert check_solution(sol) is sol
    for bad in (None, "sol", 100):
        with pytest.raises(TypeError, match=r"the optimal strategy needs a solver\.Solution"):
            check_solution(bad, "the optimal strategy")


def test_format_number():
    assert format_number(4708) == "4,708"
    assert format_number(0) == "0"
    assert format_number(10**27) == "1,000,000,000,000,000,000,000,000,000"
    assert format_number(10**30) == "10000000…000000 (31 digits)"
    big = 10**40 + 123
    assert format_number(big) == "10000000…000123 (41 digits)"
