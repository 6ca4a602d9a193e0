MATCH (:Entity)-[r]->(:Entity)
RETURN r.statement_id AS s
