// Nodes per label; the resolver's change sets (bookkeeping: a run that changed only how
// mentions resolve adds one, see graph.resolution_store) are left out, as a whole-state save
// that replaces its chunks leaves their count.
MATCH (n) WHERE NOT n:ResolutionStateChange
UNWIND labels(n) AS label RETURN label, count(*) AS n ORDER BY label
