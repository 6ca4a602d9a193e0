// The statements a GLEIF delta stored as relationships: those whose source file is one of the
// delta's documents ($files, names), not the pieces carried from earlier versions.
MATCH (a:Entity)-[r]->(b:Entity)
WHERE r.source_file IS NOT NULL AND r.carried_from IS NULL
  AND any(f IN $files WHERE r.source_file ENDS WITH f)
RETURN a.key AS a, b.key AS b, properties(r) AS props
