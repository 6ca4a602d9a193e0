// Positions of our book in the entities $keys at the clock: HOLDS edges valid at $as_of and
// known at $known_at (the same predicate as the snapshot gate). A position is a snapshot
// dated by its valid_from; per (portfolio, instrument) only the latest admitted snapshot at
// or before $as_of counts, whichever issuer it names.
UNWIND $keys AS key
MATCH (p:Portfolio)-[h:HOLDS]->(e:Entity {key: key})
WHERE ($portfolios IS NULL OR p.name IN $portfolios)
  AND h.valid_from <= $as_of AND $as_of < h.valid_to
  AND h.known_from <= $known_at AND $known_at < h.known_to
OPTIONAL MATCH (p)-[n:HOLDS]->()
WHERE n.instrument = h.instrument AND n.valid_from > h.valid_from
  AND n.valid_from <= $as_of AND $as_of < n.valid_to
  AND n.known_from <= $known_at AND $known_at < n.known_to
WITH p, h, e, count(n) AS newer
WHERE newer = 0
RETURN p.name AS portfolio, e.key AS issuer, e.name AS issuer_name, properties(h) AS props
ORDER BY portfolio, h.instrument, issuer
