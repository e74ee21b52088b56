"""Where the solve cache lives and how its entries are named.

The directory is ``$PTSQ_CACHE_DIR`` when set, else platformdirs' user cache
directory for ``put-or-take-a-square``.  Every file of an entry starts with
:func:`key_of` the rule, ``-B<bound>``: the rule's cache key
(:attr:`solver.games.Rule.cache_key`), the format version and the installed
release, so one rule, format or release never reads another's entries.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
from pathlib import Path

import platformdirs

from ..errors import CacheUnavailableError
from ..games import Rule, get_rule

__all__ = ["ENV_VAR", "FORMAT_VERSION", "RULE", "PACKAGE_VERSION", "KEY", "key_of", "cache_dir"]

FORMAT_VERSION = 3
RULE = "squares"
#: The environment variable that names the cache directory.
ENV_VAR = "PTSQ_CACHE_DIR"
_DISTRIBUTION = "put-or-take-a-square"


def _package_version() -> str:
    try:
        version = importlib.metadata.version(_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        version = ""
    # Only characters that keep a file name unambiguous (no "-", no "/").
    return re.sub(r"[^A-Za-z0-9.+]", "_", version) or "0+unknown"


#: The installed release of the package (``0+unknown`` when not installed).
PACKAGE_VERSION = _package_version()
#: Every file of a Put-or-Take-a-Square entry starts with ``KEY-B<bound>``
#: (other rules: :func:`key_of`).
KEY = f"{RULE}-v{FORMAT_VERSION}-{PACKAGE_VERSION}"


def key_of(rule: Rule | str | None = None) -> str:
    """The key every file of a rule's entries starts with (before ``-B<bound>``).

    Parameters
    ----------
    rule : Rule or str, optional
        Default Put-or-Take-a-Square, whose key is :data:`KEY`.

    Returns
    -------
    str
        ``<rule>-v<format>-<release>``.
    """
    return f"{get_rule(rule).cache_key}-v{FORMAT_VERSION}-{PACKAGE_VERSION}"


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _configured(directory: Path | str | None = None) -> Path:
    if directory is not None:
        return Path(directory)
    value = os.environ.get(ENV_VAR)
    if value is None:
        return platformdirs.user_cache_path(_DISTRIBUTION)
    if not value.strip():
        raise ValueError(
            f"{ENV_VAR} is set but empty; set it to a directory for the solve cache, "
            f"or unset it to use the default ({platformdirs.user_cache_path(_DISTRIBUTION)})"
        )
    return Path(value)


def _prepare(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CacheUnavailableError(f"{path} is not a directory") from None
    except OSError as exc:
        raise CacheUnavailableError(f"cannot create {path}: {_why(exc)}") from exc
    if not os.access(path, os.W_OK | os.X_OK):
        raise CacheUnavailableError(f"{path} is not writable")


def cache_dir(*, create: bool = True) -> Path:
    """Return the cache directory, creating it.

    Parameters
    ----------
    create : bool, optional
        Create the directory and check that it can be written (default
        True); False only works out the path.

    Returns
    -------
    pathlib.Path
        ``$PTSQ_CACHE_DIR`` when set, else platformdirs' user cache
        directory for ``put-or-take-a-square``.

    Raises
    ------
    ValueError
        If ``$PTSQ_CACHE_DIR`` is set but empty (or only blanks).
    CacheUnavailableError
        If ``create`` and the directory cannot be created or written (an
        :class:`OSError`).
    """
    path = _configured()
    if create:
        _prepare(path)
    return path
