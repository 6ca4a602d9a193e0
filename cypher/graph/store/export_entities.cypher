// One page of entities in key order after $after (keyset paging on the entity_key constraint's
// index, so a page costs the same at the end of a large graph as at the start).
MATCH (e:Entity) WHERE e.key > $after
WITH e ORDER BY e.key LIMIT $limit
RETURN e.key AS key, e.lei AS lei, e.name AS name, e.kind AS kind, coalesce(e.stub, false) AS stub
