"""``python -m solver``: the command line (:mod:`solver.cli`)."""

import sys

from solver.cli.main import main
from solver.compiling import say_when_compiling

if __name__ == "__main__":
    say_when_compiling()  # a command that compiles kernels says so on stderr (a fresh install's first run)
    sys.exit(main())
