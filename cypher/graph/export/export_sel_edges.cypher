// The edges of the given types out of one page of owners of the whole graph (key order after
// $after), every stored version in force at the clock ($as_of / $known_at null: every version,
// both clocks as stored). `last`: the page's last owner key, where the next page starts.
MATCH (a:Entity) WHERE a.key > $after
WITH a ORDER BY a.key LIMIT $limit
WITH collect(a) AS page
WITH page, page[-1].key AS last
UNWIND page AS a
OPTIONAL MATCH (a)-[r]->(b:Entity)
WHERE type(r) IN $types
  AND ($as_of IS NULL OR (r.valid_from <= $as_of AND $as_of < r.valid_to))
  AND ($known_at IS NULL OR (r.known_from <= $known_at AND $known_at < r.known_to))
RETURN last, collect(CASE WHEN r IS NULL THEN null ELSE
  {type: type(r), source: a.key, target: b.key, props: properties(r)} END) AS edges
