// Drop the stored resolver state (the first statement of a save, in the save's transaction).
MATCH (old:ResolutionState)
DELETE old
