"""``python -m iconfind``: the same command line as ``iconfind``."""

import sys

from iconfind.cli import main

sys.exit(main())
