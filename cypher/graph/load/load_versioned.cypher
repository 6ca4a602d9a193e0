// Statements of $$TYPE$$ edges written with their fact's history in one statement: the look-up of
// the fact's stored versions, the knowledge-time close of the version a statement supersedes,
// the piece of it still true in valid time (a change, not a correction) and the new version
// itself (graph.load.versioned; the same result as load_edges followed by a rechain, which
// graph.history plans in Python). Only the simple histories are written here, the daily
// delta's case: the statement is the fact's first version, or a later one than everything
// stored of it (versions, pieces, retractions), and the fact has at most one open version
// (a stated one, not a corporate-action split). The rest ($status "present": stored already;
// "complex"; or a missing endpoint) is left to the general path, and returned.
// Each row has one fact of its own in the batch (graph.load.versioned keeps the others out).
// $not_content: the properties that are clocks, provenance or bookkeeping (graph.rechain).
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Entity {key: row.source})
MATCH (b:Entity {key: row.target})
CALL (row) {
  OPTIONAL MATCH ()-[r:$$TYPE$$ {fact_key: row.props.fact_key}]->() USING INDEX SEEK r:$$TYPE$$(fact_key)
  RETURN collect(r) AS versions
}
CALL (row) {
  OPTIONAL MATCH (x:Retraction {fact_key: row.props.fact_key}) USING INDEX SEEK x:Retraction(fact_key)
  RETURN collect(x.known_from) AS retracted
}
WITH a, b, row, versions, retracted, [r IN versions WHERE r.known_to = $known_max] AS open,
     datetime({datetime: row.props.known_from, timezone: '+00:00'}) AS at
WITH a, b, row, versions, retracted, open, at,
     CASE
       WHEN any(r IN versions WHERE r.statement_id = row.statement_id) THEN 'present'
       WHEN any(r IN versions WHERE r.known_from >= at OR r.closed_by_action IS NOT NULL)
         OR any(t IN retracted WHERE t >= at) THEN 'complex'
       WHEN size(open) = 0 AND (size(versions) = 0 OR size(retracted) > 0) THEN 'new'
       WHEN size(open) = 1 AND open[0].carried_from IS NULL THEN 'next'
       ELSE 'complex' END AS status
// the superseded version (graph.history._apply with one open piece and one new version)
OPTIONAL CALL (a, b, row, open, at, status) {
  WITH a, b, row, open[0] AS p, at, row.props.valid_from AS vf, row.props.valid_to AS vt
  WHERE status = 'next'
  WITH a, b, row, p, at, vf, vt, coalesce(p.valid_from_stated, p.valid_from) AS p_stated,
       [k IN keys(p) WHERE NOT k IN $not_content] AS pk,
       [k IN keys(row.props) WHERE NOT k IN $not_content] AS vk
  WITH row, p, at, vf, vt, p_stated,
       startNode(p) = a AND endNode(p) = b AND size(pk) = size(vk)
       AND all(k IN pk WHERE p[k] = row.props[k] AND valueType(p[k]) = valueType(row.props[k]))
       AND (p.valid_to = $valid_max OR p.valid_to = vt) AS restated,
       CASE WHEN vf <> $valid_min AND vf <> p.valid_from THEN vf ELSE date(at) END AS change,
       CASE WHEN vf <> $valid_min AND vf <> p.valid_from THEN null ELSE 'statement_date' END AS basis
  WITH row, p, at, restated, change,
       restated OR p.valid_to > change AS closed,
       NOT restated AND p.valid_to > change AND p.valid_from < change AS carried,
       CASE WHEN restated THEN
              CASE WHEN vf IN [$valid_min, p_stated] THEN p.valid_from ELSE vf END
            WHEN vf < change THEN CASE WHEN change < vt THEN change ELSE vt END
            ELSE vf END AS vfrom,
       CASE WHEN restated THEN
              CASE WHEN vf IN [$valid_min, p_stated] AND p.valid_from <> vf
                   THEN coalesce(p.valid_from_basis, 'restated') END
            WHEN vf < change THEN coalesce(basis, 'stated') END AS vbasis
  CALL (p, at, closed) {
    WITH p, at WHERE closed
    SET p.known_to = at
  }
  CALL (p, row, at, change, carried) {
    WITH p, row, at, change, startNode(p) AS s, endNode(p) AS e WHERE carried
    CREATE (s)-[c:$$TYPE$$]->(e)
    SET c = p {.*, statement_id: p.statement_id + '~' + toString(change) + '@' + row.kiso,
               valid_to: change, known_from: at, known_to: $known_max, carried_from: p.statement_id}
  }
  RETURN vfrom, vbasis
}
// the new version
CALL (a, b, row, status, vfrom, vbasis) {
  WITH a, b, row, status, vfrom, vbasis WHERE status IN ['new', 'next']
  CREATE (a)-[r:$$TYPE$$]->(b)
  SET r += row.props, r.known_to = $known_max
  WITH r, row, vfrom, vbasis WHERE vfrom <> row.props.valid_from OR vbasis IS NOT NULL
  SET r.valid_from = vfrom, r.valid_from_basis = vbasis,
      r.valid_from_stated = CASE WHEN vfrom <> row.props.valid_from THEN row.props.valid_from END
}
RETURN collect(CASE WHEN status IN ['new', 'next'] THEN row.statement_id END) AS written,
       collect(CASE WHEN status = 'present' THEN row.statement_id END) AS present,
       sum(CASE WHEN status = 'next' OR (status = 'new' AND size(versions) + size(retracted) > 0)
           THEN 1 ELSE 0 END)
         AS rechained
