// The collections of one entity that were read in part: stated total, last page, pages read.
MATCH (p:PartialList)-[:LIST_OF]->(:Entity {key: $key})
RETURN p.collection AS collection, p.level AS level, p.total AS total, p.last_page AS last_page,
       p.pages_read AS pages_read, p.source_system AS source_system
ORDER BY collection
