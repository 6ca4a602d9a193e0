// Edges a file brought: source key, target name, type and statement id.
MATCH (a:Entity)-[r]->(b:Entity)
WHERE r.source_file ENDS WITH $file
RETURN a.key AS source, b.name AS target, type(r) AS type, r.statement_id AS sid
ORDER BY target
