"""``python -m fastpuzzle``: see :mod:`fastpuzzle.cli`."""

import sys

try:
    from fastpuzzle.cli import main
except KeyboardInterrupt:
    # Ctrl-C while the command line itself is imported (the package's own
    # import is covered in fastpuzzle/__init__.py).
    try:
        sys.stderr.write("fastpuzzle: interrupted\n")
    except (AttributeError, OSError, ValueError):
        pass
    sys.exit(130)

sys.exit(main())
