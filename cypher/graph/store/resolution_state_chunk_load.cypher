MATCH (s:ResolutionState {seq: $seq}) RETURN s.data AS data
