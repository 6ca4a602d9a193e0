DROP INDEX bench_delta_node IF EXISTS
