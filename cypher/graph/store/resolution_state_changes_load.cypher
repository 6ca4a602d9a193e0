// The change sets added to the stored resolver state, in the order they were added.
MATCH (c:ResolutionStateChange)
RETURN c.seq AS seq, c.data AS data ORDER BY seq
