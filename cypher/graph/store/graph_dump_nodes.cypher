// Every node with its labels and properties (tests: two loads give the same graph), apart
// from the resolution bookkeeping, whose decisions carry the time they were made.
MATCH (n) WHERE NOT n:MatchDecision AND NOT n:ResolutionState AND NOT n:ResolutionStateChange
RETURN labels(n) AS labels, properties(n) AS props
