"""Tiny, obviously correct brute-force references for solver.impartial (plain Python, memoised recursion).

Written straight from the rules, not from the fast code: an option is listed
by trying every way a move can go, a position is a win for the player to
move when some move leads to a position that is not (normal play), and a
Grundy value is a mex.  Used only to check the fast kernels.
"""

from __future__ import annotations

from functools import cache


def mex(values) -> int:
    """Least non-negative integer not in ``values``."""
    present = set(values)
    m = 0
    while m in present:
        m += 1
    return m


# --- Octal games ------------------------------------------------------------------------


def octal_options(digits: tuple[int, ...], heap: int) -> set[tuple[int, ...]]:
    """Every option of one heap: the sorted tuple of heaps left in its place.

    ``digits[k]`` (Winning Ways ch. 4): bit 1 allows removing ``k`` tokens
    and leaving no heap, bit 2 leaving one nonempty heap, bit 4 leaving two
    nonempty heaps.  Removing 0 tokens only ever splits (bit 4 of ``d0``).
    """
    options = set()
    for k, digit in enumerate(digits):
        left = heap - k
        if left < 0:
            continue
        if k > 0 and digit & 1 and left == 0:
            options.add(())
        if k > 0 and digit & 2 and left > 0:
            options.add((left,))
        if digit & 4:
            for x in range(1, left):
                options.add(tuple(sorted((x, left - x))))
    return options


def octal_grundy(digits: tuple[int, ...], n: int) -> list[int]:
    """Grundy values of heaps 0..n by memoised recursion (the value of two heaps: XOR)."""

    @cache
    def g(h: int) -> int:
        values = []
        for option in octal_options(digits, h):
            x = 0
            for part in option:
                x ^= g(part)
            values.append(x)
        return mex(values)

    return [g(h) for h in range(n + 1)]


def octal_position_moves(digits: tuple[int, ...], heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every position one move away from a multiset of heaps (sorted tuples, no zero heaps)."""
    heaps = tuple(h for h in heaps if h > 0)
    result = set()
    for i, h in enumerate(heaps):
        others = heaps[:i] + heaps[i + 1 :]
        for option in octal_options(digits, h):
            result.add(tuple(sorted(others + option)))
    return result


def octal_make_solver(digits: tuple[int, ...]):
    """Return ``wins(heaps)``: does the player to move win, by direct search (no Sprague–Grundy)."""

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        return any(not wins(nxt) for nxt in octal_position_moves(digits, position))

    def outer(heaps) -> bool:
        return wins(tuple(sorted(h for h in heaps if h > 0)))

    return outer


# --- Couples are Forever -----------------------------------------------------------------


def couples_position_moves(piles: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Couples are Forever ("Spring Cleaning II"): split any one pile of at least three tokens into two piles.

    Every position one move away, as sorted tuples of the nonempty piles.
    """
    piles = tuple(h for h in piles if h > 0)
    result = set()
    for i, h in enumerate(piles):
        if h < 3:
            continue
        others = piles[:i] + piles[i + 1 :]
        for a in range(1, h):
            result.add(tuple(sorted(others + (a, h - a))))
    return result


def couples_grundy(n: int) -> list[int]:
    """Grundy values of one pile of 0..n tokens, by memoised recursion on the rules (two piles: XOR)."""

    @cache
    def g(h: int) -> int:
        return mex(g(a) ^ g(h - a) for a in range(1, h) if h >= 3)

    return [g(h) for h in range(n + 1)]


# --- Wythoff's game ---------------------------------------------------------------------


@cache
def wythoff_wins(a: int, b: int) -> bool:
    """Wythoff's game: take k >= 1 from one pile, or k from both; the player who cannot move loses."""
    for k in range(1, a + 1):
        if not wythoff_wins(a - k, b):
            return True
    for k in range(1, b + 1):
        if not wythoff_wins(a, b - k):
            return True
    return any(not wythoff_wins(a - k, b - k) for k in range(1, min(a, b) + 1))


def wythoff_sieve_by_list(count: int) -> list[tuple[int, int]]:
    """The sieve of the source, literally: a list of numbers; step n keeps its first a, strikes a + n."""
    numbers = list(range(1, 4 * count + 10))
    pairs = []
    for n in range(1, count + 1):
        a = numbers.pop(0)
        numbers.remove(a + n)
        pairs.append((a, a + n))
    return pairs


# --- Euclid's game ----------------------------------------------------------------------


def euclid_moves(a: int, b: int) -> set[tuple[int, int]]:
    """Take a nonzero multiple of one number from the other, leaving it >= 0; none once a number is 0."""
    if a == 0 or b == 0:
        return set()
    moves = set()
    k = 1
    while b - k * a >= 0:
        moves.add((a, b - k * a))
        k += 1
    k = 1
    while a - k * b >= 0:
        moves.add((a - k * b, b))
        k += 1
    return moves


@cache
def euclid_wins(a: int, b: int) -> bool:
    """Does the player to move win Euclid's game from (a, b)?  (No move: lose.)"""
    return any(not euclid_wins(x, y) for x, y in euclid_moves(a, b))


# --- Chomp ------------------------------------------------------------------------------


def chomp_bar(rows: int, cols: int, mask: int) -> frozenset[tuple[int, int]]:
    """The pieces (row, column) of a mask (bit row * cols + column)."""
    return frozenset((r, c) for r in range(rows) for c in range(cols) if mask >> (r * cols + c) & 1)


def chomp_next(bar: frozenset[tuple[int, int]]) -> dict[tuple[int, int], frozenset[tuple[int, int]]]:
    """Piece chosen -> the bar after eating it and every piece below and to the right of it."""
    return {(r, c): frozenset(p for p in bar if not (p[0] >= r and p[1] >= c)) for (r, c) in bar}


@cache
def chomp_wins(bar: frozenset[tuple[int, int]]) -> bool:
    """Does the player to move win Chomp from this bar?  (Empty bar: no move, lose.)"""
    return any(not chomp_wins(nxt) for nxt in chomp_next(bar).values())


# --- Any finite game: Grundy values and remoteness by recursion ---------------------------


def wythoff_moves(a: int, b: int) -> set[tuple[int, int]]:
    """Take k >= 1 from one pile or from both."""
    moves = {(a - k, b) for k in range(1, a + 1)} | {(a, b - k) for k in range(1, b + 1)}
    return moves | {(a - k, b - k) for k in range(1, min(a, b) + 1)}


def make_reference(children):
    """Return ``(grundy, wins, remoteness)`` for a game given by ``children(position) -> iterable``.

    Straight from the definitions, memoised: Grundy value = mex of the
    options' values; the player to move wins when some option is a loss for
    the player then to move; remoteness is 0 with no move, else 1 + the least
    remoteness of a losing option (winner hurries) or 1 + the largest of all
    options (loser delays).  No Sprague–Grundy shortcut: ``wins`` does not
    look at values.
    """

    @cache
    def grundy(p) -> int:
        return mex(grundy(c) for c in children(p))

    @cache
    def wins(p) -> bool:
        return any(not wins(c) for c in children(p))

    @cache
    def remoteness(p) -> int:
        kids = list(children(p))
        if not kids:
            return 0
        if wins(p):
            return 1 + min(remoteness(c) for c in kids if not wins(c))
        return 1 + max(remoteness(c) for c in kids)

    return grundy, wins, remoteness


# --- Magnetism ----------------------------------------------------------------------------


def magnetism_moves(strip: str) -> set[str]:
    """Every strip one move away: a + or a - on an empty square, never next to an equal token (the whole strip)."""
    found = set()
    for i, square in enumerate(strip):
        if square != ".":
            continue
        for token in "+-":
            left = strip[i - 1] if i > 0 else ""
            right = strip[i + 1] if i + 1 < len(strip) else ""
            if token not in (left, right):
                found.add(strip[:i] + token + strip[i + 1 :])
    return found


# --- Spring Cleaning ----------------------------------------------------------------------


def grid_cells(text: str) -> frozenset[tuple[int, int]]:
    """The dirt pieces (row, column) of a grid written ``###/#..``."""
    return frozenset((r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == "#")


def _lines(cells: frozenset[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The maximal runs of consecutive pieces of every row and every column, each a list of pieces in order."""
    runs = []
    for r, c in cells:
        if (r, c - 1) not in cells:  # a run of the row starts here
            run = [(r, c)]
            while (r, run[-1][1] + 1) in cells:
                run.append((r, run[-1][1] + 1))
            runs.append(run)
        if (r - 1, c) not in cells:  # a run of the column starts here
            run = [(r, c)]
            while (run[-1][0] + 1, c) in cells:
                run.append((run[-1][0] + 1, c))
            runs.append(run)
    return runs


def spring_cleaning_moves(cells: frozenset[tuple[int, int]], reading: str = "maximal") -> set[frozenset]:
    """Every position one sweep away, on the whole grid (no split, no symmetry).

    ``reading="maximal"``: a sweep removes a maximal run of consecutive
    pieces of a row or a column (a piece alone in its row or its column is
    such a run); ``reading="part"``: any nonempty block of consecutive
    pieces of a run.
    """
    found = set()
    for run in _lines(cells):
        if reading == "maximal":
            found.add(cells - frozenset(run))
        else:
            for i in range(len(run)):
                for j in range(i + 1, len(run) + 1):
                    found.add(cells - frozenset(run[i:j]))
    return found


# --- Euclid's game on triples ----------------------------------------------------------------


def euclid3_moves(position: tuple[int, int, int]) -> set[tuple[int, int, int]]:
    """Take a positive multiple of one nonzero entry from another entry, leaving it >= 0."""
    found = set()
    for i in range(3):
        for j in range(3):
            if i == j or position[j] == 0:
                continue
            k = 1
            while position[i] - k * position[j] >= 0:
                after = list(position)
                after[i] -= k * position[j]
                found.add((after[0], after[1], after[2]))
                k += 1
    return found


def couples_are_forever_values(n: int) -> list[int]:
    """Couples are Forever: split a pile of at least 3 into two nonempty piles; values of piles 0..n by the mex."""
    g = [0] * (n + 1)
    for pile in range(3, n + 1):
        g[pile] = mex(g[a] ^ g[pile - a] for a in range(1, pile))
    return g
