// load_versioned for facts stored as nodes (a sanction, a reporting exception), each attached to
// its entity by one link (SUBJECT_TO, HAS_EXCEPTION: chosen by the node's label below). A fact
// whose open version is attached to other than exactly the row's entity goes the general way.
// $not_content: the properties that are clocks, provenance or bookkeeping (graph.rechain).
// slot TYPE: "Sanction" | "ReportingException"
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $rows AS row
MATCH (a:Entity {key: row.entity})
CALL (row) {
  OPTIONAL MATCH (r:$$TYPE$$ {fact_key: row.props.fact_key}) USING INDEX SEEK r:$$TYPE$$(fact_key)
  RETURN collect(r) AS versions
}
CALL (row) {
  OPTIONAL MATCH (x:Retraction {fact_key: row.props.fact_key}) USING INDEX SEEK x:Retraction(fact_key)
  RETURN collect(x.known_from) AS retracted
}
WITH a, row, versions, retracted, [r IN versions WHERE r.known_to = $known_max] AS open,
     datetime({datetime: row.props.known_from, timezone: '+00:00'}) AS at
WITH a, row, versions, retracted, open, at, head(open) AS p0
WITH a, row, versions, retracted, open, at,
     CASE
       WHEN any(r IN versions WHERE r.statement_id = row.statement_id) THEN 'present'
       WHEN any(r IN versions WHERE r.known_from >= at OR r.closed_by_action IS NOT NULL)
         OR any(t IN retracted WHERE t >= at) THEN 'complex'
       WHEN size(open) = 0 AND (size(versions) = 0 OR size(retracted) > 0) THEN 'new'
       WHEN size(open) = 1 AND open[0].carried_from IS NULL
         AND [(y:Entity)-->(p0) | y] = [a] AND size([(a)-[:SUBJECT_TO|HAS_EXCEPTION]->(p0) | 1]) = 1
         THEN 'next'
       ELSE 'complex' END AS status
// the superseded version (graph.history._apply with one open piece and one new version)
OPTIONAL CALL (a, row, open, at, status) {
  WITH a, row, open[0] AS p, at, row.props.valid_from AS vf, row.props.valid_to AS vt
  WHERE status = 'next'
  WITH a, row, p, at, vf, vt, coalesce(p.valid_from_stated, p.valid_from) AS p_stated,
       [k IN keys(p) WHERE NOT k IN $not_content] AS pk,
       [k IN keys(row.props) WHERE NOT k IN $not_content] AS vk
  WITH row, p, at, vf, vt, p_stated,
       size(pk) = size(vk)
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
    WITH p, row, at, change WHERE carried
    CREATE (c:$$TYPE$$)
    SET c = p {.*, statement_id: p.statement_id + '~' + toString(change) + '@' + row.kiso,
               valid_to: change, known_from: at, known_to: $known_max, carried_from: p.statement_id}
    WITH p, c
    MATCH (e:Entity)-[l:SUBJECT_TO|HAS_EXCEPTION]->(p)
    CALL (e, c) { WITH e, c WHERE c:Sanction CREATE (e)-[:SUBJECT_TO]->(c) }
    CALL (e, c) { WITH e, c WHERE c:ReportingException CREATE (e)-[:HAS_EXCEPTION]->(c) }
  }
  RETURN vfrom, vbasis
}
// the new version
CALL (a, row, status, vfrom, vbasis) {
  WITH a, row, status, vfrom, vbasis WHERE status IN ['new', 'next']
  CREATE (r:$$TYPE$$)
  SET r += row.props, r.known_to = $known_max
  WITH a, r, row, vfrom, vbasis
  CALL (a, r) { WITH a, r WHERE r:Sanction CREATE (a)-[:SUBJECT_TO]->(r) }
  CALL (a, r) { WITH a, r WHERE r:ReportingException CREATE (a)-[:HAS_EXCEPTION]->(r) }
  WITH r, row, vfrom, vbasis WHERE vfrom <> row.props.valid_from OR vbasis IS NOT NULL
  SET r.valid_from = vfrom, r.valid_from_basis = vbasis,
      r.valid_from_stated = CASE WHEN vfrom <> row.props.valid_from THEN row.props.valid_from END
}
RETURN collect(CASE WHEN status IN ['new', 'next'] THEN row.statement_id END) AS written,
       collect(CASE WHEN status = 'present' THEN row.statement_id END) AS present,
       sum(CASE WHEN status = 'next' OR (status = 'new' AND size(versions) + size(retracted) > 0)
           THEN 1 ELSE 0 END)
         AS rechained
