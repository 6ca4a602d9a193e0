// The last step of a save, in one transaction: the pending chunks replace the stored state.
OPTIONAL MATCH (old:ResolutionState)
DELETE old
WITH count(*) AS _
MATCH (p:ResolutionStatePending)
REMOVE p:ResolutionStatePending
SET p:ResolutionState
