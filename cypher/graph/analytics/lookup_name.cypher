// Exact name (uses the entity_name index).
MATCH (e:Entity) WHERE e.name = $name
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.name AS matched
