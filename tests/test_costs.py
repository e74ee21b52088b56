"""Tests of solver.costs: up-front estimates of time and memory."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import costs
from solver.costs import Cost, check_cost
from solver.errors import WorkTooLargeError

ESTIMATORS = {
    "solve": lambda size: costs.solve_cost(size),
    "tree depth": lambda size: costs.tree_cost(size, 10**12),
    "tree nodes": lambda size: costs.tree_cost(10**6, size),
    "layers n": lambda size: costs.layers_cost(size, 6),
    "layers depth": lambda size: costs.layers_cost(10_000, size),
    "classify": lambda size: costs.classify_cost(size),
    "random n": lambda size: costs.random_play_cost(size, 100, 25),
    "random games": lambda size: costs.random_play_cost(1000, size, 25),
    "random cap": lambda size: costs.random_play_cost(1000, 100, size),
    "matrix": lambda size: costs.strategy_matrix_cost(size),
    "fixed": lambda size: costs.fixed_strategies_cost(size),
    "primitives n": lambda size: costs.primitives_cost(2, size),
    "primitives layer 1": lambda size: costs.primitives_cost(1, size),
}

sizes = st.one_of(st.integers(1, 10**12), st.integers(1, 10**4000))


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
@settings(deadline=None)  # exact arithmetic on 4000-digit numbers; a busy machine must not fail it
@given(a=sizes, b=sizes)
def test_estimates_are_monotone_in_size(name, a, b):
    small, large = ESTIMATORS[name](min(a, b)), ESTIMATORS[name](max(a, b))
    assert small.seconds <= large.seconds
    assert small.bytes <= large.bytes
    assert small.bytes > 0 and small.seconds > 0


@pytest.mark.parametrize("name", sorted(set(ESTIMATORS) - {"tree depth"}))  # depth saturates at the cap
def test_estimates_grow_by_orders_of_magnitude(name):
    # Not merely monotone: a thousand times more work costs clearly more.
    small, large = ESTIMATORS[name](10**6), ESTIMATORS[name](10**9)
    assert large.bytes > small.bytes or large.seconds > 2 * small.seconds


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
def test_huge_inputs_give_huge_costs_not_overflow(name):
    cost = ESTIMATORS[name](10**400)
    assert isinstance(cost.bytes, int)
    assert cost.bytes > 10**9 or cost.seconds > 10**6


def test_solve_cost_is_one_byte_per_position():
    cost = costs.solve_cost(10**9)
    assert 10**9 <= cost.bytes <= 1.2 * 10**9
    # 10**9 took 19 s through the cache (README figures): within a factor of two.
    assert 10 <= cost.seconds <= 40


def test_solve_cost_of_huge_bound():
    cost = costs.solve_cost(10**400)
    assert cost.bytes >= 10**400
    assert cost.seconds == math.inf
    assert "1.0e+400" in cost.what


def test_tree_nodes_cap():
    assert costs.tree_nodes(0, 100) == 1
    assert costs.tree_nodes(2, 100) == 7
    assert costs.tree_nodes(60, 10**9) == 10**9
    assert costs.tree_nodes(10**8, 5) == 5
    assert costs.tree_cost(3, 10**9).bytes < costs.tree_cost(30, 10**9).bytes


@pytest.mark.parametrize(
    "call",
    [
        lambda: costs.solve_cost(0),
        lambda: costs.tree_cost(-1, 10),
        lambda: costs.tree_cost(1, 0),
        lambda: costs.layers_cost(0, 1),
        lambda: costs.layers_cost(1, 0),
        lambda: costs.random_play_cost(1, 0, 1),
        lambda: costs.primitives_cost(0, 10),
    ],
)
def test_out_of_range_is_value_error(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("call", [lambda: costs.solve_cost(1.5), lambda: costs.fixed_strategies_cost("10")])
def test_wrong_type_is_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_check_cost_refuses_memory_with_estimate():
    cost = costs.solve_cost(10**13)
    with pytest.raises(WorkTooLargeError) as info:
        check_cost(cost, max_seconds=math.inf, max_bytes=2**30, advice="choose a smaller --bound")
    message = str(info.value)
    assert "9.1 TiB" in message  # 10**13 bytes
    assert "1.0 GiB" in message  # the limit
    assert message.endswith("choose a smaller --bound")
    assert "\n" not in message
    assert isinstance(info.value, ValueError)


def test_check_cost_refuses_time_with_estimate():
    cost = Cost(seconds=7200.0, bytes=10, what="a long job")
    with pytest.raises(WorkTooLargeError) as info:
        check_cost(cost, max_seconds=600, max_bytes=10**6)
    message = str(info.value)
    assert "a long job" in message and "2.0 hours" in message and "10 minutes" in message


def test_check_cost_refuses_huge_without_overflow():
    with pytest.raises(WorkTooLargeError, match=r"1\.0e\+400 bytes"):
        check_cost(costs.solve_cost(10**400), max_seconds=600)


def test_check_cost_passes_small_work():
    check_cost(costs.solve_cost(1000), max_seconds=600)  # no exception
    check_cost(Cost(1.0, 100, "x"), max_seconds=1.0, max_bytes=100)  # limits are inclusive


@pytest.mark.parametrize(
    ("cost", "max_seconds", "max_bytes"),
    [
        (Cost(1.0, 100, "x"), 1.0, 100),
        (Cost(1.5, 100, "x"), 1.0, 100),
        (Cost(1.0, 101, "x"), 1.0, 100),
        (Cost(math.inf, 10**400, "x"), 600, None),
        (costs.solve_cost(1000), 600, None),
    ],
)
def test_within_limits_is_check_cost_without_the_exception(cost, max_seconds, max_bytes):
    try:
        check_cost(cost, max_seconds=max_seconds, max_bytes=max_bytes)
        accepted = True
    except WorkTooLargeError:
        accepted = False
    assert costs.within_limits(cost, max_seconds=max_seconds, max_bytes=max_bytes) is accepted


def test_check_cost_needs_a_cost():
    with pytest.raises(TypeError):
        check_cost(5, max_seconds=1)


def test_cost_sum():
    total = Cost(1.0, 10, "a") + Cost(2.5, 5, "b")
    assert total == Cost(3.5, 15, "a and b")


@pytest.mark.parametrize(
    ("size", "text"),
    [
        (0, "about 0 bytes"),
        (1023, "about 1,023 bytes"),
        (3 * 2**30, "about 3.0 GiB"),
        (5 * 2**40, "about 5.0 TiB"),
        (12 * 10**399, "about 1.2e+400 bytes"),
        (10**3999, "about 1.0e+3999 bytes"),
    ],
)
def test_format_bytes(size, text):
    assert costs.format_bytes(size) == text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.2, "under a second"),
        (45.4, "about 45 s"),
        (600, "about 10 minutes"),
        (9000, "about 2.5 hours"),
        (86400 * 10, "about 10 days"),
        (math.inf, "more than 1e+300 years"),
    ],
)
def test_format_seconds(seconds, text):
    assert costs.format_seconds(seconds) == text


def test_available_memory_is_positive():
    assert costs.available_memory() > 0
