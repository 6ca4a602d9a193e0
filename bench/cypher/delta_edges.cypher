// Statement edges between entities known from $known_from on: what a delta's ingest created.
MATCH (a:Entity)-[r]->(b:Entity)
WHERE r.statement_id IS NOT NULL AND r.known_from >= $known_from
RETURN a.key AS a, b.key AS b, properties(r) AS props
