// Chunks of a save that did not finish (the first step of a save).
MATCH (p:ResolutionStatePending)
DELETE p
