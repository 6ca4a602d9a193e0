// Shareholder totals over 100%: direct shareholdings into one entity, valid at $as_of and known
// at $known_at, whose lower ends (the certain part of a band) sum past 1 + $tolerance.
// Declared indirect interests (direct = false) run through a holder already counted: left out.
// One holder's several statements of its holding (a 10-K's sentences and its Exhibit 21) are
// one holding: its largest lower end counts once. Text claims analytics leave out
// ($excluded: pending or rejected) are left out here too.
MATCH (o:Entity)-[r:OWNS]->(e:Entity)
WHERE r.valid_from <= $as_of AND $as_of < r.valid_to
  AND r.known_from <= $known_at AND $known_at < r.known_to
  AND coalesce(r.direct, true) AND coalesce(r.interest, 'shareholding') = 'shareholding'
  AND r.stake_lo IS NOT NULL AND o <> e AND NOT coalesce(r.statement_id, '') IN $excluded
WITH e, o, max(r.stake_lo) AS held
WITH e, sum(held) AS total, count(o) AS holders, collect(coalesce(o.name, o.key))[..10] AS others
WHERE total > 1.0 + $tolerance
RETURN e.key AS key, e.name AS name, e.lei AS lei, total, holders, others
ORDER BY total DESC, key
LIMIT $limit
