// How many nodes of one label are stored.
// slot LABEL: Entity | MatchDecision | ResolutionState | ResolutionStatePending
MATCH (n:$$LABEL$$)
RETURN count(n) AS n
