// Remove the entity baseline (see delta_baseline_merge_entities).
MATCH (e:BenchDeltaEntity) DELETE e
