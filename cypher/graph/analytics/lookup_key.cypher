// An entity by its canonical key or its LEI.
MATCH (e:Entity) WHERE e.key = $key
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.key AS matched
UNION
MATCH (e:Entity) WHERE e.lei = $key
RETURN e.key AS key, e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction,
       e.valid_from AS valid_from, e.valid_to AS valid_to, e.lei AS matched
