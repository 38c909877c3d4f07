"""`python -m client` is the `taikyoku` command."""

import sys

from client.cli import main

sys.exit(main())
