// Any node at all (graph.bulk: the offline importer only makes first loads).
MATCH (n) RETURN 1 AS any LIMIT 1
