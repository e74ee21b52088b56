"""``python -m solver``: the command line (:mod:`solver.cli`)."""

import sys

from solver.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
