"""bench/cli: command-line start-up and per-stage times (python -m bench.cli)."""
