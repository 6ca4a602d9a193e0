// The delta baseline for entity statements: MERGE on the key (indexed), the same properties.
UNWIND $rows AS r
MERGE (e:BenchDeltaEntity {key: r.key})
SET e += r.props
