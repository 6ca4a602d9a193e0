// The incremental baseline: MERGE a delta's relationships (same endpoints and properties, plain
// typed parameters) on statement_id, as the loader merges a statement.
UNWIND $rows AS r
MATCH (a:Entity {key: r.a})
MATCH (b:Entity {key: r.b})
MERGE (a)-[x:BENCH_DELTA {statement_id: r.sid}]->(b)
SET x += r.props
