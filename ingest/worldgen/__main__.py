"""``python -m ingest.worldgen --entities 5000 --seed 7 --out DIR``."""

from ingest.worldgen import main

raise SystemExit(main())
