// How many entities and dated edges of the given types an export writes (its progress total).
MATCH (e:Entity)
WITH count(e) AS entities
OPTIONAL MATCH (:Entity)-[r]->(:Entity) WHERE type(r) IN $types
RETURN entities, count(r) AS edges
