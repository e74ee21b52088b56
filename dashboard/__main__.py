"""Serve the dashboard: ``python -m dashboard [--host 127.0.0.1] [--port 8050]``."""

from __future__ import annotations

import argparse
import sys
import threading
import webbrowser


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and serve the app until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m dashboard", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8050, help="port (default 8050)")
    parser.add_argument("--browser", action="store_true", help="open the page in a web browser")
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
