// Disclosure documents, the entities they mention and who filed them.
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MERGE (d:Document {document_id: row.document_id})
WITH d, row, coalesce(d.statement_id = row.statement_id, false) AS seen
SET d += row.props
WITH d, row, seen
CALL (d, row) {
  UNWIND row.mentions AS key
  MATCH (e:Entity {key: key})
  MERGE (d)-[:MENTIONS]->(e)
}
CALL (d, row) {
  WITH d, row WHERE row.filer IS NOT NULL
  MATCH (f:Entity {key: row.filer})
  MERGE (d)-[:FILED_BY]->(f)
}
RETURN sum(CASE WHEN seen THEN 0 ELSE 1 END) AS created
