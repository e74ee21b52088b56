"""Tests of solver.parsing.parse_int (numbers typed by people)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.parsing import parse_int

NAME = "the start number"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4708", 4708),
        ("  4708  ", 4708),
        ("10_000", 10000),
        ("10,000", 10000),
        ("1,000,000", 1000000),
        ("1e6", 1000000),
        ("1E6", 1000000),
        ("2.5e3", 2500),
        ("10**30", int("1" + "0" * 30)),
        ("10 ** 30", int("1" + "0" * 30)),
        ("10^3", 1000),
        ("2**10", 1024),
        ("1", 1),
    ],
)
def test_accepted_strings(text, expected):
    value = parse_int(text, NAME)
    assert value == expected
    assert type(value) is int


def test_scientific_notation_is_exact():
    # A float would give 1000000000000000019884624838656.
    assert parse_int("1e30", NAME) == int("1" + "0" * 30)


def test_long_digit_string_is_exact():
    digits = "1234567890" * 30 + "7"
    assert parse_int(digits, NAME) == int(digits)


@pytest.mark.parametrize(("value", "expected"), [(5, 5), (10**40, 10**40), (7.0, 7), (1e6, 1000000)])
def test_numbers_accepted(value, expected):
    got = parse_int(value, NAME)
    assert got == expected
    assert type(got) is int


def test_least_zero_allows_zero():
    assert parse_int("0", "the depth", least=0) == 0


def test_most_is_inclusive():
    assert parse_int("100", NAME, most=100) == 100


def _message(text, **kw) -> str:
    with pytest.raises(ValueError) as info:
        parse_int(text, NAME, **kw)
    message = str(info.value)
    assert NAME in message
    assert "\n" not in message
    return message


@pytest.mark.parametrize("text", ["", "  ", None])
def test_empty(text):
    assert "empty" in _message(text)


@pytest.mark.parametrize("text", ["abc", "2.5", "1e-3", "12abc", "0x10", "nan", "inf", "--5", "1.5e0"])
def test_not_a_whole_number(text):
    message = _message(text)
    assert "whole number" in message


@pytest.mark.parametrize("value", [2.5, float("nan"), float("inf"), True])
def test_non_integral_numbers(value):
    with pytest.raises(ValueError) as info:
        parse_int(value, NAME)
    assert NAME in str(info.value)


def test_negative_below_least():
    message = _message("-4")
    assert "at least 1" in message
    assert "-4" in message


def test_zero_below_least():
    assert "at least 1" in _message("0")


def test_custom_least():
    assert "at least 10" in _message("9", least=10)


def test_above_most():
    message = _message("1e6", most=999_999)
    assert "at most 999,999" in message


@pytest.mark.parametrize("text", ["9" * 5000, "1" + "0" * 4999, "1e5000", "10**5000", "10^9999999"])
def test_too_large_is_refused(text):
    # How quickly: benchmarks/experiment_timings.py prints it.
    assert "too large" in _message(text)


def test_large_int_input_respects_most():
    with pytest.raises(ValueError):
        parse_int(10**30, NAME, most=10**29)


# Messages never print hundreds of digits or a whole pasted text (they are
# shown next to the box and would widen the page).


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("9" * 401, "a number with 401 digits"),
        ("-" + "9" * 401, "a negative number with 401 digits"),
        (10**400, "a number with 401 digits"),
        (10**5000, "a number with 5,001 digits"),  # beyond Python's int-to-text limit
    ],
    ids=["401-digit-text", "negative-401-digit-text", "401-digit-int", "5001-digit-int"],
)
def test_huge_numbers_are_described_not_printed(text, words):
    message = _message(text, most=10**7)
    assert words in message
    assert "999999" not in message.replace(",", "") and len(message) < 120


def test_a_30_digit_number_is_still_printed_in_full():
    assert "got 123,456,789,012,345,678,901,234,567,890" in _message("123456789012345678901234567890", most=1)


def test_long_text_is_cut_with_its_length():
    message = _message("x" * 300 + "y", most=10)
    assert "(301 characters)" in message and "y" not in message.split("(")[0]


@pytest.mark.parametrize("value", [[1], {"a": 1}, (1,), object()])
def test_other_types_are_refused_with_a_value_error(value):
    assert "whole number" in _message(value)


def test_numpy_numbers_are_numbers():
    import numpy as np

    assert parse_int(np.int64(12), NAME) == 12
    assert parse_int(np.float64(1e3), NAME) == 1000


# ---------------------------------------------------------------- sums of terms (the command line's forms, everywhere)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10**30+1", 10**30 + 1),
        ("10**30 + 1", 10**30 + 1),
        ("2**64 - 1", 2**64 - 1),
        ("1e6+1", 10**6 + 1),
        ("10^3+10^2", 1100),
        ("+7", 7),
        ("1_000 + 1,000", 2000),
    ],
)
def test_sums_and_differences_of_terms(text, expected):
    assert parse_int(text, "n") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("4*10**6", 4 * 10**6), ("3*4", 12), ("2*3*7+1", 43), ("10**3**2", 10**9), ("2^3^2", 512), ("1**10**10", 1)],
)
def test_products_and_towers_of_powers(text, expected):
    # The same forms everywhere: --n "4*10**6" is read as the number box reads 10**30+1.
    assert parse_int(text, "n") == expected


@pytest.mark.parametrize("text", ["10**10**10", "9**9**9", "10**3999*10", "2*10**4000"])
def test_numbers_past_the_digit_limit_say_so(text):
    with pytest.raises(ValueError, match="too large"):
        parse_int(text, "n")


@pytest.mark.parametrize("count", [4001, 100_000])
def test_text_that_is_no_number_says_so_whatever_its_length(count):
    with pytest.raises(ValueError, match=f"must be a whole number, got 'xxxxx.*{count:,} characters"):
        parse_int("x" * count, "n")


@pytest.mark.parametrize(
    "text", ["10**30+", "+", "1++1", "--3", "1e-5+3", "10**30 + 0.5", "3*", "*4", "3**", "(1)", "1+abc", "２５", "٢"]
)
def test_malformed_sums_are_refused(text):
    with pytest.raises(ValueError, match="whole number"):
        parse_int(text, "n", least=-(10**40))


_terms = st.one_of(
    st.integers(0, 10**12).map(lambda v: (str(v), v)),
    st.tuples(st.integers(0, 99), st.integers(0, 40)).map(lambda be: (f"{be[0]}**{be[1]}", be[0] ** be[1])),
    st.integers(0, 999).map(lambda v: (f"{v}e3", v * 1000)),
)


@given(st.lists(st.tuples(st.sampled_from("+-"), _terms), min_size=1, max_size=5))
def test_a_sum_of_terms_is_its_value(parts):
    # The reference: Python's own arithmetic on the same terms.
    text = "".join(sign + term for sign, (term, _value) in parts)
    expected = sum((1 if sign == "+" else -1) * value for sign, (_term, value) in parts)
    assert parse_int(text, "n", least=-(10**100)) == expected
