// How many nodes of one label are stored.
// slot LABEL: Entity | MatchDecision | ResolutionState | ResolutionStatePending | ResolutionStateChange
MATCH (n:$$LABEL$$)
RETURN count(n) AS n
