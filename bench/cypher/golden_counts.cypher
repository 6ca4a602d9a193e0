// Entities and accounting-parent relationships (count-store reads): the answers benchmark's
// sampling spans.
MATCH (e:Entity)
WITH count(e) AS entities
MATCH ()-[r:CONSOLIDATED_BY]->()
RETURN entities, count(r) AS consolidations
