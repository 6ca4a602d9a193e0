MATCH (e:Entity) WHERE e.name = $name
RETURN e.key AS k
