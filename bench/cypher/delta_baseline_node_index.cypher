CREATE INDEX bench_delta_node IF NOT EXISTS FOR (n:BenchDeltaNode) ON (n.statement_id)
