// Replace the stored resolver state with new gzip'd JSON chunks.
OPTIONAL MATCH (old:ResolutionState)
DELETE old
WITH count(*) AS _
UNWIND $chunks AS chunk
CREATE (:ResolutionState {seq: chunk.seq, data: chunk.data})
