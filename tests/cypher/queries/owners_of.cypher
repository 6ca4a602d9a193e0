MATCH (o:Entity)-[:OWNS]->(:Entity {key: $k})
RETURN o.key AS o
