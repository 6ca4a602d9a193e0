from ingest.schema import write

print(write())
