CREATE INDEX bench_delta_entity IF NOT EXISTS FOR (n:BenchDeltaEntity) ON (n.key)
