MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n ORDER BY type
