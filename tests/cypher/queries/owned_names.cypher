MATCH (p:Entity)-[:OWNS]->(c:Entity)
RETURN DISTINCT c.name AS n
