CREATE INDEX bench_node IF NOT EXISTS FOR (n:BenchNode) ON (n.k)
