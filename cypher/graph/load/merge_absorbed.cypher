// The entities a merge decision absorbed, with the survivor each was merged into (undo).
MATCH (x:Entity {merge_decision: $id})
RETURN x.key AS absorbed, x.merged_into AS survivor
