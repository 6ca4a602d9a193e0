// The statements a GLEIF delta stored as reporting-exception nodes (see delta_statements_edges).
MATCH (e:Entity)-[:HAS_EXCEPTION]->(x:ReportingException)
WHERE x.carried_from IS NULL AND any(f IN $files WHERE x.source_file ENDS WITH f)
RETURN e.key AS a, properties(x) AS props
