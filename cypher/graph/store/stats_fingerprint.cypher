// Content fingerprint: every statement, its knowledge interval and endpoints, one item a row,
// in no order: graph.store.stats combines them order-free (a server-side ORDER BY of millions
// of strings ran a 1 GB heap out on a 2M-node golden copy).
CALL () {
  MATCH (a)-[r]->(b)
  RETURN coalesce(a.key, a.name, a.document_id, a.statement_id) + '|' + type(r) + '|' +
         coalesce(b.key, b.name, b.statement_id) + '|' + coalesce(r.statement_id, r.kind, '') + '|' +
         coalesce(toString(r.known_to), '') + '|' + coalesce(toString(r.valid_to), '') AS item
  UNION ALL
  MATCH (n) WHERE n:Entity OR n:Sanction OR n:ReportingException OR n:Document OR n:CorporateAction
  RETURN coalesce(n.key, n.document_id, n.statement_id) + '|' + coalesce(n.statement_id, '') + '|' +
         coalesce(toString(n.known_to), '') + '|' + coalesce(toString(n.valid_to), '') + '|' +
         coalesce(n.name, '') AS item
}
RETURN item
