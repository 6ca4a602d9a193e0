MATCH (e:Entity {key: $k})
RETURN e
