// Whether the graph held any entity when a loader started (a first load has nothing stored to skip).
MATCH (e:Entity) RETURN true AS any LIMIT 1
