// One change set added to the stored resolver state, only if that is still the state named
// $token with $seq change sets (else another run saved since: nothing is written, no row);
// $digest names the state with this change set (a resolver snapshot is found by it).
// The write lock on the head node is taken first, so concurrent savers check one at a time.
MATCH (b:ResolutionState {seq: 0})
SET b._lock = true
REMOVE b._lock
WITH b
WHERE b.token = $token AND coalesce(b.changes, 0) = $seq
SET b.changes = $seq + 1, b.digest = $digest
CREATE (:ResolutionStateChange {seq: $seq, data: $data})
RETURN $seq AS seq
