// A collection a reader read in part (GLEIF API children pages): one node per parent and
// collection, the pages read so far accumulated (a rerun adds nothing), linked to the parent.
MATCH (e:Entity {key: $key})
MERGE (p:PartialList {key: $list_key})
ON CREATE SET p.pages_read = []
SET p.parent = $key, p.collection = $collection, p.level = $level, p.total = $total,
    p.last_page = $last_page, p.source_system = $source_system,
    p.pages_read = CASE WHEN $page IN p.pages_read THEN p.pages_read ELSE p.pages_read + [$page] END
MERGE (p)-[:LIST_OF]->(e)
