// Undo one review decision (kept, marked undone): the claim falls back to the decision before
// it, or to its confidence against the threshold when there is none.
MATCH (d:ClaimDecision {decision_id: $decision_id})
WITH d, d.undone_at IS NOT NULL AS was_undone
SET d.undone_at = coalesce(d.undone_at, datetime($now)), d.undo_reason = coalesce(d.undo_reason, $reason)
RETURN d {.*, decided_at: toString(d.decided_at), undone_at: toString(d.undone_at)} AS decision, was_undone
