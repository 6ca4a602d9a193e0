// The delta baseline for statements stored as nodes: MERGE on statement_id (indexed), the same
// properties by plain typed parameters, linked to the same entity.
UNWIND $rows AS r
MATCH (a:Entity {key: r.a})
MERGE (x:BenchDeltaNode {statement_id: r.sid})
SET x += r.props
MERGE (a)-[:BENCH_DELTA_OF]->(x)
