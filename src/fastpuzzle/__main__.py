"""``python -m fastpuzzle``: see :mod:`fastpuzzle.cli`."""

import sys

from fastpuzzle.cli import main

sys.exit(main())
