// One page of the exported entities (key order after $after; $keys null: every entity), with
// their stored properties and their aliases (scheme, value, kind, validity).
MATCH (e:Entity)
WHERE e.key > $after AND ($keys IS NULL OR e.key IN $keys)
WITH e ORDER BY e.key LIMIT $limit
OPTIONAL MATCH (a:Alias)-[r:ALIAS_OF]->(e)
RETURN e.key AS key, properties(e) AS props,
       [x IN collect(CASE WHEN a IS NULL THEN null ELSE {scheme: a.scheme, value: a.value, kind: r.kind,
        valid_from: r.valid_from, valid_to: r.valid_to} END) WHERE x IS NOT NULL] AS aliases
