DROP INDEX bench_delta_entity IF EXISTS
