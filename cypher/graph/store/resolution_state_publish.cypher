// The last step of a save, in one transaction: the pending chunks replace the stored state and
// the changes added to it ($token names the new state: a later save of changes checks it).
OPTIONAL MATCH (old:ResolutionState)
DELETE old
WITH count(*) AS _
OPTIONAL MATCH (c:ResolutionStateChange)
DELETE c
WITH count(*) AS _
MATCH (p:ResolutionStatePending)
REMOVE p:ResolutionStatePending
SET p:ResolutionState, p.token = $token, p.digest = $token
