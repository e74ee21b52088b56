"""A numba kernel run uncompiled while it compiles: its Python twin, for the small inputs of a first view.

On a fresh install numba's cache is empty and a kernel compiles at its
first call: some take several seconds (Spring Cleaning's search about 13 s,
``docs/performance-page.md``, "Any game's first view"), longer than a first
view may wait.  The first views ask for small positions, which the kernel's
own source, run by Python, answers in a fraction of that.
:func:`python_twin` builds that source as a plain function: the kernel's
``py_func`` with every numba function it calls by name (a global of its
module, or a variable of its closure) replaced by that function's own twin,
so that running it compiles nothing and never waits for numba's compiler
lock.  The same source gives the same answers, on the same arrays, as long
as the numbers stay where the kernel's types hold them (the tests compare
the two, and the brute force, on small inputs).

:func:`choose` is the one place a caller picks between the two: the kernel
when it can run without compiling (:func:`kernel_ready`: compiled in this
process or in numba's cache), when the input is too large for Python, or in
a thread that asked for compiled kernels (:func:`compiled_only`, which the
compile plan of :mod:`solver.compiling` uses, so that it still compiles
them); else the twin.  :func:`twin_calls` counts the twins run, by kernel.

Nothing here imports a kernel; any subpackage may use it.
"""

from __future__ import annotations

import functools
import threading
import types
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
from numba.core.dispatcher import Dispatcher

__all__ = ["choose", "compiled_only", "kernel_ready", "kernel_wanted", "python_twin", "twin_calls"]

_LOCK = threading.Lock()
#: The twins built so far, by kernel (``id`` of the dispatcher, which the module keeps alive).
_TWINS: dict[int, Callable] = {}
#: A copy of each module's globals in which its kernels are replaced by their twins, by ``id`` of the original.
_NAMESPACES: dict[int, dict] = {}
#: Twins run through :func:`choose`, by the kernel's qualified name.
_CALLS: Counter[str] = Counter()
_CHOICE = threading.local()


def kernel_ready(kernel, args: tuple) -> bool:
    """Whether numba can run ``kernel`` on ``args`` without compiling: compiled in this process or in its cache.

    Asks numba's cache index, as the dispatcher does before it compiles
    (the entry must match the kernel's source); takes no lock, so it does
    not wait for a compilation in another thread.

    Parameters
    ----------
    kernel : numba.core.dispatcher.Dispatcher
        A function decorated with ``numba.njit``.
    args : tuple
        The arguments it would be called with (their numba types decide the
        version asked for).

    Returns
    -------
    bool
        True when compiled for these types in this process, or in numba's
        cache; also True when numba's cache cannot be read this way (the
        kernel is then called as before).
    """
    try:
        sig = tuple(kernel.typeof_pyval(arg) for arg in args)
        if sig in kernel.overloads:
            return True
        cache = kernel._cache
        if not getattr(cache, "_enabled", False):
            return False
        key = cache._index_key(sig, kernel.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # pragma: no cover - a numba whose cache is laid out otherwise
        return True


def _namespace(module_globals: dict) -> dict:
    """The globals of the twins of a module's kernels: a copy of the module's, each numba function replaced by its twin."""
    found = _NAMESPACES.get(id(module_globals))
    if found is None:
        # Registered before it is filled, so that kernels calling each other find each other's twins.
        found = _NAMESPACES[id(module_globals)] = dict(module_globals)
        for name, value in module_globals.items():
            if isinstance(value, Dispatcher):
                found[name] = _twin_locked(value)
    return found


def _twin_locked(kernel: Dispatcher) -> Callable:
    """:func:`python_twin`, with the lock held."""
    twin = _TWINS.get(id(kernel))
    if twin is not None:
        return twin
    source = kernel.py_func
    namespace = _namespace(source.__globals__)  # builds this kernel's twin on the way when it is a global
    twin = _TWINS.get(id(kernel))
    if twin is not None:
        return twin
    cells = None
    if source.__closure__ is not None:
        cells = tuple(
            types.CellType(_twin_locked(value) if isinstance(value, Dispatcher) else value)
            for value in (cell.cell_contents for cell in source.__closure__)
        )
    twin = types.FunctionType(source.__code__, namespace, source.__name__, source.__defaults__, cells)
    twin.__qualname__ = source.__qualname__
    twin.__doc__ = source.__doc__
    twin.__module__ = source.__module__
    _TWINS[id(kernel)] = twin
    return twin


def python_twin(kernel) -> Callable:
    """The kernel's source as a plain Python function that compiles nothing.

    Its ``py_func``, run in a copy of its module's globals where every numba
    function (a ``numba.njit`` dispatcher) is replaced by its own twin, and
    likewise the numba functions of its closure; so whatever it calls by
    name runs uncompiled too.  A numba function reached otherwise (an
    attribute of a module, an argument) is called as it is.

    Parameters
    ----------
    kernel : numba.core.dispatcher.Dispatcher
        A function decorated with ``numba.njit``.

    Returns
    -------
    callable
        Takes the kernel's arguments and returns what the kernel's source
        returns when Python runs it; built once per kernel.

    Raises
    ------
    TypeError
        If ``kernel`` is not a numba function.
    """
    if not isinstance(kernel, Dispatcher):
        raise TypeError(f"a Python twin is made of a numba function, not {type(kernel).__name__}")
    with _LOCK:
        return _twin_locked(kernel)


@contextmanager
def compiled_only() -> Iterator[None]:
    """In this thread, :func:`choose` gives the kernels, compiling them if it must (the compile plan's steps)."""
    before = getattr(_CHOICE, "compiled", False)
    _CHOICE.compiled = True
    try:
        yield
    finally:
        _CHOICE.compiled = before


def _uncompiled(twin: Callable) -> Callable:
    """The twin, with numpy's overflow warnings off: integers wrap around in the kernel as in numpy, silently."""

    @functools.wraps(twin)
    def run(*args):
        with np.errstate(over="ignore"):
            return twin(*args)

    return run


def kernel_wanted(kernel, args: tuple) -> bool:
    """Whether a caller should run ``kernel`` itself rather than an uncompiled stand-in (a twin, a numpy path).

    Parameters
    ----------
    kernel : numba.core.dispatcher.Dispatcher
        A function decorated with ``numba.njit``.
    args : tuple
        The arguments it is about to be called with (only their types are read).

    Returns
    -------
    bool
        True inside :func:`compiled_only` (the compile plan's steps, which
        compile it) or when it runs without compiling (:func:`kernel_ready`).
    """
    return getattr(_CHOICE, "compiled", False) or kernel_ready(kernel, args)


def choose(kernel, args: tuple, *, small: bool = True) -> Callable:
    """The kernel, or its Python twin while it is not compiled and the input is small.

    Parameters
    ----------
    kernel : numba.core.dispatcher.Dispatcher
        A function decorated with ``numba.njit``.
    args : tuple
        The arguments it is about to be called with (only their types are read).
    small : bool, default True
        Whether the caller's input is small enough for the twin (the caller
        knows its work); a large one always gets the kernel.

    Returns
    -------
    callable
        ``kernel`` itself when it is ready (:func:`kernel_ready`), when
        ``small`` is False, or inside :func:`compiled_only`; else its twin
        (:func:`python_twin`), counted in :func:`twin_calls`.
    """
    if not small or kernel_wanted(kernel, args):
        return kernel
    twin = python_twin(kernel)
    with _LOCK:
        _CALLS[twin.__qualname__] += 1
    return _uncompiled(twin)


def twin_calls() -> dict[str, int]:
    """How many times :func:`choose` has given each kernel's twin in this process, by the kernel's name.

    Returns
    -------
    dict of str to int
        A copy; a kernel never given as a twin is absent.
    """
    with _LOCK:
        return dict(_CALLS)
