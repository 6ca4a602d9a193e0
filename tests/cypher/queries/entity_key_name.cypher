MATCH (e:Entity {key: $k})
RETURN e {.key, .name} AS e, [1, 2] AS xs
