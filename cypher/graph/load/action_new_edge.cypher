// An edge a corporate action creates (succession lineage, new controller), unless the source
// already stated the same edge (e.g. a bundle's own succession record). $type comes from the
// closed set of edge types.
MATCH (a:Entity {key: $source}), (b:Entity {key: $target})
WHERE NOT EXISTS {
  MATCH (a)-[r]->(b)
  WHERE type(r) = $type AND r.valid_from = $props.valid_from AND r.known_to = $known_max
    AND coalesce(r.action, '') = coalesce($props.action, '')
}
MERGE (a)-[r:$($type) {statement_id: $statement_id}]->(b)
ON CREATE SET r += $props, r.known_to = $known_max
