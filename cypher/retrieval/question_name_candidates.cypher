// The entities whose names or identifiers share words with a question (issue 30 at scale): the
// full-text index entity_names read with $terms (the question's words as index terms, built by
// graph.analytics.name_words: a parameter, never Cypher), the best $limit index entries first,
// each with the entity's name, its LEI and the name or identifier the entry holds (an alias:
// a previous, other or transliterated name, a register number). One row per index entry and
// entity (an entity found by two of its names comes twice): as many rows as $limit or more say
// that the limit was reached.
CALL db.index.fulltext.queryNodes('entity_names', $terms, {limit: $limit}) YIELD node, score
OPTIONAL MATCH (node)-[:ALIAS_OF]->(owner:Entity)
WITH coalesce(owner, node) AS e, node, score
RETURN CASE WHEN e:Entity THEN e.key END AS key, e.name AS name, e.lei AS lei,
       CASE WHEN node:Alias THEN [node.value] ELSE [] END AS aliases, score
