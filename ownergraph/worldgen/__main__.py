"""``python -m ownergraph.worldgen --entities 5000 --seed 7 --out DIR``."""

from ownergraph.worldgen import main

raise SystemExit(main())
