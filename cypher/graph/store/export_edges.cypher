// Every stored version of the edges of the given types held by one page of owners (key order
// after $after), with both clocks as stored (sentinels for open bounds) and the properties the
// ownership arithmetic reads. `last` is the page's last owner key: the next page starts after it.
MATCH (a:Entity) WHERE a.key > $after
WITH a ORDER BY a.key LIMIT $limit
WITH collect(a) AS page
WITH page, page[-1].key AS last
UNWIND page AS a
OPTIONAL MATCH (a)-[r]->(b:Entity) WHERE type(r) IN $types
RETURN last, collect(CASE WHEN r IS NULL THEN null ELSE {
  owner: a.key, owned: b.key, type: type(r),
  stake_lo: r.stake_lo, stake_hi: r.stake_hi, stake_exact: r.stake_exact,
  stake_lo_inclusive: r.stake_lo_inclusive, stake_hi_inclusive: r.stake_hi_inclusive,
  interest: r.interest, direct: r.direct, control_kind: r.control_kind, share_class: r.share_class,
  valid_from: r.valid_from, valid_to: r.valid_to, known_from: r.known_from, known_to: r.known_to,
  statement_id: r.statement_id, fact_key: r.fact_key, source_system: r.source_system,
  source_record_id: r.source_record_id, source_kind: r.source_kind} END) AS edges
