// Remove the incremental baseline's relationships.
MATCH ()-[x:BENCH_DELTA]->() DELETE x
