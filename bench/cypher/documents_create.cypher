UNWIND $rows AS row
CREATE (d:Document) SET d = row.p
WITH d, row
UNWIND row.m AS k
MATCH (e:Entity {key: k})
CREATE (d)-[:MENTIONS]->(e)
