"""The server opens the largest stored solves in the background after it starts."""

from __future__ import annotations

from dashboard import state
from solver.store import disk as store
from solver.store import listing
from solver.store.memory import SolutionCache


def test_stored_solves_are_opened_largest_first(tmp_path, monkeypatch):
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path))
    for bound in (1000, 5000, 20_000):
        store.solve_cached(bound)
    store.solve_cached(3000, rule="put-or-take-a-prime")
    cache = SolutionCache(capacity=8)
    monkeypatch.setattr(state, "SOLUTIONS", cache)
    state.open_stored_in_background(delay=0, most=3, largest_bytes=10_000).join(timeout=60)
    # 20,000 is over the size limit; the other squares entries first, then the prime one.
    assert list(cache._items) == [
        ("put-or-take-a-square", 5000),
        ("put-or-take-a-square", 1000),
        ("put-or-take-a-prime", 3000),
    ]
    # They are served as opened, without reading the store again.
    read_again = lambda *a, **k: (_ for _ in ()).throw(AssertionError("read again"))  # noqa: E731
    monkeypatch.setattr(listing, "find", read_again)  # SolutionCache.peek's
    monkeypatch.setattr(store, "find", read_again)  # solve_cached's
    assert cache.peek(5000) is not None and cache.get(1000)[1] is True


def test_nothing_stored_opens_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path / "empty"))
    cache = SolutionCache(capacity=8)
    monkeypatch.setattr(state, "SOLUTIONS", cache)
    state.open_stored_in_background(delay=0).join(timeout=60)
    assert not cache._items
