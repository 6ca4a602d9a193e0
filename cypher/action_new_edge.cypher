// An edge a corporate action creates (succession lineage, new controller). $type comes from
// the closed set of edge types.
MATCH (a:Entity {key: $source}), (b:Entity {key: $target})
MERGE (a)-[r:$($type) {statement_id: $statement_id}]->(b)
ON CREATE SET r += $props, r.known_to = $known_max
