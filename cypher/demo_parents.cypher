// GLEIF accounting parents of one entity, currently valid and known.
MATCH (c:Entity {lei: $lei})-[r:CONSOLIDATED_BY]->(p:Entity)
WHERE r.valid_from <= date() < r.valid_to AND r.known_to > datetime()
RETURN c.name AS child, r.level AS level, p.name AS parent, toString(r.valid_from) AS valid_from,
       r.source_system AS source_system, r.document_id AS document_id
ORDER BY level
