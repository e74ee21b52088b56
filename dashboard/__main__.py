"""Serve the dashboard: ``python -m dashboard [--host 127.0.0.1] [--port 8050] [--browser]``."""

from __future__ import annotations

import argparse
import sys
import threading
import webbrowser

#: What ``--help`` says about the command (plain text, not the docstring's markup).
DESCRIPTION = (
    "Serve the Put-or-Take-a-Square explorer, an interactive dashboard of the sound solver, "
    "on this machine (Dash's debug mode off). Open the printed address in a web browser; "
    "Ctrl+C stops the server."
)


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m dashboard``.

    Returns
    -------
    argparse.ArgumentParser
        Options ``--host``, ``--port`` and ``--browser``.
    """
    parser = argparse.ArgumentParser(prog="python -m dashboard", description=DESCRIPTION)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8050, help="port (default 8050)")
    parser.add_argument("--browser", action="store_true", help="open the page in a web browser")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and serve the app until interrupted.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (default: the command line's).

    Returns
    -------
    int
        The exit status, 0.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        parser.error(f"the port must be between 1 and 65535, got {args.port}")

    from solver.retrograde import warm_up

    from .app import create_app

    warm_up()
    app = create_app()
    url = f"http://{args.host}:{args.port}/"
    print(f"Put-or-Take-a-Square explorer: open {url}  (Ctrl+C stops it)", flush=True)
    if args.browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    app.run(host=args.host, port=args.port, debug=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
