// Reversible aliases: (:Alias {scheme, value})-[:ALIAS_OF {kind, validity}]->(:Entity).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (a:Alias {key: row.key})
ON CREATE SET a.scheme = row.scheme, a.value = row.value
WITH a, row
MATCH (e:Entity {key: row.entity})
MERGE (a)-[r:ALIAS_OF {kind: row.kind}]->(e)
ON CREATE SET r.valid_from = row.valid_from, r.valid_to = row.valid_to, r.fact_key = row.fact_key,
              r.method = 'source'
