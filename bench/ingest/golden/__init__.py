"""A generated GLEIF golden copy (and an OpenSanctions-size FtM export) for the ingest benchmarks.

``python -m bench.ingest --gleif-scale F`` writes it; the values are drawn from distributions
measured on the real fixtures (``distributions.json``, rebuilt by ``python -m
bench.ingest.golden.distributions``).
"""
