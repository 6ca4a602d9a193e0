UNWIND $rows AS row
MERGE (p:Portfolio {name: row.portfolio})
WITH p, row
MATCH (e:Entity {key: row.t})
CREATE (p)-[h:HOLDS]->(e) SET h = row.props
