// Entities mentioned before (or without) their own record: created as stubs, never overwritten.
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (e:Entity {key: row.key})
ON CREATE SET e.name = row.name, e.kind = row.kind, e.jurisdiction = row.jurisdiction,
              e.lei = row.lei, e.stub = true,
              e.valid_from = date('0001-01-01'), e.valid_to = date('9999-12-31')
