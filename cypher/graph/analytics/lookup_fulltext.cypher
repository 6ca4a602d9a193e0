// Fuzzy candidates from the full-text index of names (entity_names): entities whose name, or a
// name alias, shares words with the mention ($terms: its words as index terms, each also a typo
// away, built by graph.analytics.name_words: a parameter, never Cypher), best first, at most
// $limit index entries (as many rows as $limit: the limit was reached). The caller scores them.
CALL db.index.fulltext.queryNodes('entity_names', $terms, {limit: $limit}) YIELD node, score
OPTIONAL MATCH (node:Alias)-[:ALIAS_OF]->(owner:Entity)
WITH node, coalesce(owner, node) AS e, score
RETURN CASE WHEN e:Entity AND (node:Entity OR node.scheme = 'name') THEN e.key END AS key,
       e.name AS name, e.lei AS lei, e.kind AS kind, e.jurisdiction AS jurisdiction, e.valid_from AS valid_from, e.valid_to AS valid_to,
       coalesce(node.value, node.name) AS matched, score
