"""Serve the page with waitress: a bounded pool of threads, quiet logs.

Flask's own development server starts one thread per request with no cap and
prints a line per request; waitress answers from a fixed pool of threads
(:data:`DEFAULT_THREADS`), queues what does not fit, caps open connections
(:data:`CONNECTION_LIMIT`) and request bodies (:data:`MAX_REQUEST_BODY_BYTES`),
and logs nothing per request.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import socket
from collections.abc import Callable

from waitress import wasyncore
from waitress.server import create_server

from solver.validation import check_integer

#: Threads that answer requests; the rest wait in waitress's queue.
DEFAULT_THREADS = 8
#: The most threads ``--threads`` accepts.
MAX_THREADS = 64
#: Open connections at once; beyond it new connections wait to be accepted.
CONNECTION_LIMIT = 100
#: The largest request body accepted (the page's callback requests are a few kB).
MAX_REQUEST_BODY_BYTES = 16 * 2**20
#: Seconds an idle connection is kept open.
CHANNEL_TIMEOUT_SECONDS = 60


class ServerStartError(OSError):
    """The server could not listen on the address asked for; the message says how to fix it."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine.

    Parameters
    ----------
    host : str
        A host name or address (``"127.0.0.1"``, ``"localhost"``, ``"::1"``,
        ``"0.0.0.0"``).

    Returns
    -------
    bool
        True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1);
        False for every other address or name, including ``0.0.0.0`` and
        ``::`` (every interface).
    """
    name = host.strip().strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int) -> str | None:
    """The warning to print when the page listens beyond this machine.

    Parameters
    ----------
    host : str
        The address the server listens on.
    port : int
        The port.

    Returns
    -------
    str or None
        None for a loopback address (:func:`is_loopback`), else one line
        saying that anyone who can reach the port can use the page and start
        solves on this machine.
    """
    if is_loopback(host):
        return None
    where = "every network interface" if host.strip("[]") in ("0.0.0.0", "::", "") else host
    return (
        f"warning: listening on {where} (port {port}): anyone who can reach this port can use the page "
        "and start solves that take this machine's CPU and memory; there is no login. "
        "Use --host 127.0.0.1 to keep it on this machine."
    )


def page_url(host: str, port: int) -> str:
    """The address to open in a browser for a server on ``host``:``port``.

    Parameters
    ----------
    host : str
        The address listened on; every-interface addresses give the
        loopback address (the page is open there too).
    port : int
        The port.

    Returns
    -------
    str
        ``http://host:port/``, IPv6 addresses in brackets.
    """
    name = host.strip("[]")
    if name in ("0.0.0.0", ""):
        name = "127.0.0.1"
    elif name == "::":
        name = "::1"
    if ":" in name:
        name = f"[{name}]"
    return f"http://{name}:{port}/"


def make_server(app, host: str = "127.0.0.1", port: int = 8050, *, threads: int = DEFAULT_THREADS):
    """Create (and bind) a waitress server for the page, not yet serving.

    Parameters
    ----------
    app : dash.Dash or WSGI callable
        The application; a Dash app is served through its Flask ``server``.
    host : str, optional
        Address to listen on (default ``127.0.0.1``).
    port : int, optional
        Port, 0 for any free one (default 8050).
    threads : int, optional
        Threads that answer requests, 1..:data:`MAX_THREADS` (default
        :data:`DEFAULT_THREADS`).

    Returns
    -------
    waitress.server.BaseWSGIServer
        Call ``run()`` to serve and ``close()`` to stop; ``effective_port``
        is the port it listens on.

    Raises
    ------
    TypeError
        If ``port`` or ``threads`` is not an integer.
    ValueError
        If ``port`` is outside 0..65535 or ``threads`` outside 1..MAX_THREADS.
    ServerStartError
        If the address cannot be used: the port is in use, the host is not
        an address of this machine, or the port needs privileges.
    """
    port = check_integer(port, "the port", least=0, most=65535)
    threads = check_integer(threads, "the number of threads", least=1, most=MAX_THREADS)
    wsgi = getattr(app, "server", app)
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not a host name or address"
        raise ServerStartError(
            f"cannot listen on host {host!r} ({reason}); use an address of this machine, e.g. --host 127.0.0.1"
        ) from None
    # waitress warns "Task queue depth is N" each time requests wait for a
    # thread; that is the pool doing its job, not news.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    try:
        return create_server(
            wsgi,
            host=host,
            port=port,
            threads=threads,
            connection_limit=CONNECTION_LIMIT,
            max_request_body_size=MAX_REQUEST_BODY_BYTES,
            channel_timeout=CHANNEL_TIMEOUT_SECONDS,
            clear_untrusted_proxy_headers=True,
        )
    except ValueError as exc:  # waitress's word for a host it cannot resolve
        raise ServerStartError(
            f"cannot listen on host {host!r} ({exc}); use an address of this machine, e.g. --host 127.0.0.1"
        ) from None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise ServerStartError(
                f"port {port} on {host} is already in use (another server, or this page started earlier); "
                "stop that one or choose another port with --port"
            ) from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise ServerStartError(
                f"no permission to listen on port {port}; choose a port above 1023 with --port"
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServerStartError(f"{host} is not an address of this machine; use e.g. --host 127.0.0.1") from None
        raise ServerStartError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def listening_port(server) -> int:
    """The port a server from :func:`make_server` listens on.

    Parameters
    ----------
    server : waitress.server.BaseWSGIServer or MultiSocketServer
        From :func:`make_server`.

    Returns
    -------
    int
        The port (useful after asking for port 0).
    """
    port = getattr(server, "effective_port", None)
    if port is None:  # several sockets (a name with more than one address)
        port = server.effective_listen[0][1]
    return int(port)


def shutdown(server) -> None:
    """Stop a server that runs (``server.run()``) in another thread; safe from any thread.

    The closing runs inside the server's own loop (through its trigger), so
    no socket is closed under a ``select`` of another thread.  ``run()``
    returns soon after.

    Parameters
    ----------
    server : waitress.server.BaseWSGIServer
        From :func:`make_server`.
    """

    # One listening socket: the server is the dispatcher and holds the map
    # (``_map``); several: a MultiSocketServer holds the map (``map``) of
    # dispatchers, each with the loop's trigger.
    if hasattr(server, "effective_listen"):
        mapping = server.map
        trigger = next(d.trigger for d in list(mapping.values()) if hasattr(d, "task_dispatcher"))
    else:
        mapping, trigger = server._map, server.trigger

    def close_everything() -> None:
        server.task_dispatcher.shutdown()
        wasyncore.close_all(mapping)

    trigger.pull_trigger(close_everything)


def serve(
    app,
    host: str = "127.0.0.1",
    port: int = 8050,
    *,
    threads: int = DEFAULT_THREADS,
    on_ready: Callable[[str, int], None] | None = None,
) -> None:
    """Serve the page with waitress until interrupted (Ctrl+C or SIGTERM).

    Parameters
    ----------
    app : dash.Dash or WSGI callable
        The application.
    host : str, optional
        Address to listen on (default ``127.0.0.1``).
    port : int, optional
        Port, 0 for any free one (default 8050).
    threads : int, optional
        Threads that answer requests (default :data:`DEFAULT_THREADS`).
    on_ready : callable, optional
        Called as ``on_ready(url, port)`` once the server listens, before it
        serves: the page's address (:func:`page_url`) and the port really
        listened on.

    Raises
    ------
    TypeError, ValueError, ServerStartError
        As :func:`make_server`.
    """
    server = make_server(app, host, port, threads=threads)
    try:
        if on_ready is not None:
            listened = listening_port(server)
            on_ready(page_url(host, listened), listened)
        server.run()  # returns after KeyboardInterrupt or SystemExit, the server closed
    finally:
        server.close()
