MATCH ()-[r]->() WHERE r.statement_id IS NOT NULL
RETURN count(r) AS n
