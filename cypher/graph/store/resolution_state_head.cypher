// The stored resolver state's name (token), how many change sets were added to it, and the
// digest naming the state with its changes (null for a state saved before digests were kept).
MATCH (b:ResolutionState {seq: 0})
RETURN b.token AS token, coalesce(b.changes, 0) AS changes, b.digest AS digest
