MATCH (s:ResolutionState) RETURN s.seq AS seq ORDER BY seq
