// Which entity statements of a batch are stored already (skipped before writing): the entity
// node has applied statement row.sid and holds at least the row.aliases aliases it brings
// (an entity written by a run that stopped before its aliases is written again).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (e:Entity {key: row.key})
WHERE row.sid IN coalesce(e.statement_ids, []) AND COUNT { (e)<-[:ALIAS_OF]-() } >= row.aliases
RETURN row.sid AS sid
