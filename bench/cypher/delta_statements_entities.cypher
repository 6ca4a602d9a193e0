// The entity nodes a GLEIF delta's statements show (see delta_statements_edges).
MATCH (e:Entity)
WHERE e.source_file IS NOT NULL AND any(f IN $files WHERE e.source_file ENDS WITH f)
RETURN e.key AS key, properties(e) AS props
