"""Writing records into the graph: the pipeline (read, resolve, load), the online loader and its
batches, corporate actions, amendments, rechaining, merges, claims and conflicts, and the
offline bulk importer (``bulk``)."""
