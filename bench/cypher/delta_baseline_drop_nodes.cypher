// Remove the node baseline (see delta_baseline_merge_nodes).
MATCH (x:BenchDeltaNode) DETACH DELETE x
