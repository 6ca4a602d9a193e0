from ownergraph.ingest.schema import write

print(write())
