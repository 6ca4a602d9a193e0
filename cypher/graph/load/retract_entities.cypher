// A source withdrew an entity record (FtM DEL): the entity's statement is closed in knowledge
// time (the node stays, for history and for the edges that still reference it).
UNWIND $keys AS fk
MATCH (e:Entity {fact_key: fk})
MATCH (x:Retraction {fact_key: fk})
WHERE x.known_from >= e.known_from
WITH e, min(x.known_from) AS t
SET e.known_to = t
