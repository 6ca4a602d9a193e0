// The documents that are versions of one filing: for each group (filer key, form, period of
// report), every document that filer filed for that period as the form or as its amendment
// (form + "/A"). Read by graph.amendments after a batch of documents is written.
UNWIND $groups AS g
MATCH (:Entity {key: g.filer})<-[:FILED_BY]-(d:Document)
WHERE d.period = g.period AND (d.form_type = g.form OR d.form_type = g.form + '/A')
RETURN g.filer AS filer, g.form AS form, g.period AS period,
       collect({document_id: d.document_id, form: d.form_type, known_from: d.known_from}) AS docs
