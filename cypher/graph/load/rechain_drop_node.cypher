// rechain_drop for facts stored as nodes.
UNWIND $eids AS eid
MATCH (r) WHERE elementId(r) = eid
DETACH DELETE r
