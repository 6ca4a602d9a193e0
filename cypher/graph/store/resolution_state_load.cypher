MATCH (s:ResolutionState) RETURN s.seq AS seq, s.data AS data ORDER BY seq
