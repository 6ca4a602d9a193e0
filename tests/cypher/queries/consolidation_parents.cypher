MATCH (:Entity {key: $lei})-[r:CONSOLIDATED_BY]->(p)
RETURN r.level AS level, p.key AS parent, toString(r.valid_from) AS valid_from, r.accounting_standard AS standard
ORDER BY level
