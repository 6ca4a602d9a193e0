UNWIND $rows AS r
MATCH (a:BenchNode {k: r.a})
MATCH (b:BenchNode {k: r.b})
CREATE (a)-[:BENCH_REL]->(b)
