"""Benchmark: graph-wide batch ownership / UBOs as a DuckDB job (``python -m bench.batch``)."""
