"""The URL query string and the controls."""

from __future__ import annotations

from dashboard import urlstate


def _defaults():
    return [default for _k, _c, _p, default in urlstate.PARAMS]


def test_defaults_give_a_clean_address_and_back():
    assert urlstate.query_from_controls(_defaults()) == ""
    assert urlstate.controls_from_query("") == _defaults()
    assert urlstate.controls_from_query(None) == _defaults()


def test_round_trip_of_changed_controls():
    values = _defaults()
    keys = [k for k, *_ in urlstate.PARAMS]
    values[keys.index("n")] = "100000"
    values[keys.index("tab")] = "thesis"
    values[keys.index("depth")] = 9
    values[keys.index("start")] = "10**30"
    query = urlstate.query_from_controls(values)
    assert "n=100000" in query and "tab=thesis" in query and "depth=9" in query
    assert "alpha" not in query  # defaults are left out
    assert urlstate.controls_from_query(query) == values


def test_bad_integers_fall_back_to_defaults_and_text_passes_through():
    keys = [k for k, *_ in urlstate.PARAMS]
    got = urlstate.controls_from_query("?depth=lots&n=abc")
    assert got[keys.index("depth")] == urlstate.PARAMS[keys.index("depth")][3]
    # Text goes to its control, which reports the bad input itself.
    assert got[keys.index("n")] == "abc"


def test_every_parameter_names_a_component_of_the_page():
    from dashboard.layout import build_layout
    from tests.test_dashboard import _find

    layout = build_layout()
    for key, cid, _prop, _default in urlstate.PARAMS:
        assert _find(layout, cid) is not None, key


def test_defaults_are_the_controls_own_starting_values():
    # Each default is written once (solver.config, dashboard.defaults): the
    # address's defaults are exactly what the page starts with.
    from dashboard.layout import build_layout
    from tests.test_dashboard import _find

    layout = build_layout()
    for key, cid, prop, default in urlstate.PARAMS:
        assert getattr(_find(layout, cid), prop) == default, key
