// Which entity statements of a batch are stored already (skipped before writing): the entity
// node has applied statement row.sid and holds at least the row.aliases aliases it brings
// (an entity written by a run that stopped before its aliases is written again), or an entity
// merged into another since applied it (its aliases moved to the survivor; found by fact key).
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
OPTIONAL MATCH (e:Entity {key: row.key})
  WHERE row.sid IN coalesce(e.statement_ids, []) AND COUNT { (e)<-[:ALIAS_OF]-() } >= row.aliases
OPTIONAL MATCH (x:Entity {fact_key: row.fk})
  WHERE x.merged_into IS NOT NULL AND row.sid IN coalesce(x.statement_ids, [])
WITH row WHERE e IS NOT NULL OR x IS NOT NULL
RETURN DISTINCT row.sid AS sid
