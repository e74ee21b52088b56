"""The address holds only values their keys accept (issue: ``start=abc``, ``n=12abc``, ``alpha=5000`` were written).

:func:`dashboard.urlstate.query_from_controls` is the rule the page's script
follows (``tests/test_browser_address.py`` runs both on the same values): a
control whose value its key refuses keeps, in the address, the value the
address already had for it (the one the page still shows), or none.
"""

from __future__ import annotations

import pytest

from dashboard import urlstate


def _values(**changed) -> list:
    keys = [k for k, *_ in urlstate.PARAMS]
    values = [default for *_rest, default in urlstate.PARAMS]
    for key, value in changed.items():
        values[keys.index(key)] = value
    return values


@pytest.mark.parametrize(
    ("changed", "current", "want"),
    [
        ({"n": "12abc"}, "?n=20000", "?n=20000"),
        ({"n": "12abc"}, "", ""),
        ({"alpha": "5000"}, "?alpha=10", "?alpha=10"),
        ({"alpha": "5000"}, "?alpha=6000", ""),  # the address's own value is refused too: left out
        ({"start": "abc"}, "?start=92", "?start=92"),
        ({"start": "-5"}, "", ""),
        ({"start": ""}, "?start=92", "?start=92"),
        ({"start": "4.5"}, "", ""),
        ({"depth": 50}, "?depth=7", "?depth=7"),
        ({"view": "nowhere"}, "?view=tree", "?view=tree"),
        # Good values are written as typed, in every form the solver reads.
        ({"start": "10**30+1"}, "?start=92", "?start=10%2A%2A30%2B1"),
        ({"n": "1e5", "alpha": "10"}, "", "?n=1e5&alpha=10"),
    ],
)
def test_refused_values_never_reach_the_address(changed, current, want):
    assert urlstate.query_from_controls(_values(**changed), current=current) == want


def test_keys_without_a_page_check_are_written_as_they_are():
    # The heaps box has a check only the server runs; its text goes to the address as typed.
    assert urlstate.query_from_controls(_values(heaps="5, x"), current="") == "?heaps=5%2C+x"


def test_every_number_box_and_menu_key_has_a_check_the_page_runs():
    table = urlstate.query_table()
    specs = {row[0]: row[3] for row in table}
    for key in ("n", "alpha", "start", "depth", "view", "tab", "inspect", "play", "seed", "mn"):
        assert specs[key] is not None, key
    # The game menu holds only names the server has checked (its options, a typed name that passed), and any
    # member of a family is a game (octal-0.6): the page writes it as it is.
    assert specs["game"] is None and urlstate.CHECKS["game"]("Kayles") == "octal-0.77"
    assert specs["n"] == {"rule": "whole", "least": "1", "most": "10000000"}
