"""Benchmark: ownership/exposure/contagion latency on a bulk-loaded graph (``python -m bench.analytics``)."""
