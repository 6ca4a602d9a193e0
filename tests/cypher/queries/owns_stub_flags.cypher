MATCH (a)-[:OWNS]->(b)
RETURN b.name AS name, b.stub AS stub, a.stub AS owner_stub
