"""Serve the dashboard: ``python -m dashboard [--host 127.0.0.1] [--port 8050] [--threads 8] [--browser]``."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import webbrowser
from typing import NoReturn

from solver import compile_in_background, parse_int
from solver.compiling import CompileStatus

from . import server, state
from .app import create_app

#: What ``--help`` says about the command (plain text, not the docstring's markup).
DESCRIPTION = (
    "Serve the Put-or-Take-a-Square explorer, an interactive dashboard of the sound solver, "
    "on this machine (waitress, Dash's debug mode off). Open the printed address in a web browser; "
    "Ctrl+C stops the server and any solve it started."
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage block
        self.exit(2, f"{self.prog}: error: {message}\n")


def _int_arg(name: str, least: int, most: int):
    def read(text: str) -> int:
        try:
            return parse_int(text, name, least=least, most=most)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m dashboard``.

    Returns
    -------
    argparse.ArgumentParser
        Options ``--host``, ``--port``, ``--threads`` and ``--browser``; a bad
        value ends the command with exit status 2 and a one-line message.
    """
    parser = _Parser(prog="python -m dashboard", description=DESCRIPTION)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 opens the page, "
        "and its solves, to anyone who can reach the port)",
    )
    parser.add_argument(
        "--port", type=_int_arg("the port", 0, 65535), default=8050, help="port (default 8050; 0 picks a free one)"
    )
    parser.add_argument(
        "--threads",
        type=_int_arg("the number of threads", 1, server.MAX_THREADS),
        default=server.DEFAULT_THREADS,
        help=f"threads that answer requests, 1 to {server.MAX_THREADS} (default {server.DEFAULT_THREADS}); "
        "more requests wait their turn",
    )
    parser.add_argument("--browser", action="store_true", help="open the page in a web browser")
    return parser


def _stop_on_sigterm() -> None:
    # SIGTERM ends the server like Ctrl+C does, so the solves it started end too.
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))


def _say_compiling() -> None:
    print(
        "compiling the solver's kernels for their first use on this machine (a minute or a few; numba keeps them "
        "for later launches); the page answers meanwhile and says what is still compiling",
        file=sys.stderr,
        flush=True,
    )


def _say_compiled(status: CompileStatus) -> None:
    # Nothing to say when every kernel came from numba's cache.
    if status.error is not None:
        print(
            f"warning: compiling the kernels ahead stopped ({status.error}); each view compiles what it needs "
            "when it is first used",
            file=sys.stderr,
            flush=True,
        )
    elif status.compiled:
        print(
            f"kernels ready: {status.compiled} compiled in {status.seconds:.0f} s; later launches load them",
            file=sys.stderr,
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and serve the app until interrupted.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (default: the command line's).

    Returns
    -------
    int
        The exit status: 0 after Ctrl+C or SIGTERM, 2 when the server cannot
        listen (the port is in use, say), with a one-line message on stderr.
    """
    args = build_parser().parse_args(argv)
    app = create_app()

    def ready(url: str, port: int) -> None:
        warning = server.exposure_warning(args.host, port)
        if warning:
            print(warning, file=sys.stderr, flush=True)
        print(f"Put-or-Take-a-Square explorer: open {url}  ({args.threads} threads; Ctrl+C stops it)", flush=True)
        # The page answers at once; the kernels compile (or load from numba's
        # cache) in the background, the page's default view's first.
        compile_in_background(on_compiling=_say_compiling, on_done=_say_compiled)
        state.open_stored_in_background()  # checked and opened before a change of N asks for them
        if args.browser:
            threading.Timer(1.0, webbrowser.open, args=(url,)).start()

    _stop_on_sigterm()
    try:
        server.serve(app, args.host, args.port, threads=args.threads, on_ready=ready)
    except server.ServerStartError as exc:
        print(f"python -m dashboard: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    finally:
        state.JOBS.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
