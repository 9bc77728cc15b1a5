"""``python -m ginrummy.cli``: the ``gin-rummy`` command."""

import sys

from ginrummy.cli import main

if __name__ == "__main__":
    sys.exit(main())
