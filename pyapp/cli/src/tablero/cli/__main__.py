"""``python -m tablero.cli``: the same as the ``tablero`` command."""

import sys

from .main import main

sys.exit(main())
