// The stored resolver state's name (token) and how many change sets were added to it.
MATCH (b:ResolutionState {seq: 0})
RETURN b.token AS token, coalesce(b.changes, 0) AS changes
