UNWIND $rows AS k
CREATE (:BenchNode {k: k})
