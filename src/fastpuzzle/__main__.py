"""``python -m fastpuzzle``: see :mod:`fastpuzzle.cli`, and :mod:`fastpuzzle.cli._signals` for its signals."""

import sys

try:
    from fastpuzzle.cli import main
except KeyboardInterrupt:
    # Ctrl-C while the command line is imported, where the package root installed no handler
    # (not started by `python -m fastpuzzle`, as with runpy.run_module); see fastpuzzle.cli._signals.
    try:
        sys.stderr.write("fastpuzzle: interrupted\n")
    except (AttributeError, OSError, ValueError):
        pass
    sys.exit(130)

sys.exit(main())
