// The endpoints of every statement edge the ingest left (the UNWIND-CREATE baseline recreates them).
MATCH (a)-[r]->(b) WHERE r.statement_id IS NOT NULL
RETURN elementId(a) AS a, elementId(b) AS b
