// Which entity statements of a batch are stored already (skipped before writing): the entity
// node has applied statement row.sid and holds at least the row.aliases aliases it brings
// (an entity written by a run that stopped before its aliases is written again).
UNWIND $rows AS row
MATCH (e:Entity {key: row.key})
WHERE row.sid IN coalesce(e.statement_ids, []) AND COUNT { (e)<-[:ALIAS_OF]-() } >= row.aliases
RETURN row.sid AS sid
