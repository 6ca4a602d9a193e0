"""Readers: one module per source format, each yielding ``ingest.model`` records."""
