import sys

from ownergraph.cli import main

sys.exit(main())
