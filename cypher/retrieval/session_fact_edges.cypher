// Stored edges a fact stated in a conversation ends or replaces ("X sold its stake in Y last
// week", "X now owns 30% of Y"): the $types edges from $source to $target, every version,
// with the day each took effect (the session suppresses those that began by the stated day).
MATCH (a:Entity {key: $source})-[r]->(b:Entity {key: $target})
WHERE type(r) IN $types
RETURN DISTINCT r.statement_id AS statement_id, toString(r.valid_from) AS valid_from
