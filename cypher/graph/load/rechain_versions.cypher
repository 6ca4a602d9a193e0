// Every stored version of the facts $keys stored as edges of type $$TYPE$$ (statements and
// the pieces carried from them) and each fact's retraction times, for graph.history to plan
// the fact's bitemporal history. The fact_key index is hinted (a plan made while the graph was
// nearly empty would otherwise scan every edge of the type for each key).
// slot TYPE: REL_TYPES
// replan=skip: the plan is index-anchored whatever the statistics (tests/graph/test_plans.py);
// a replan after a large load cost ~40 ms of server CPU per query text
CYPHER replan=skip
UNWIND $keys AS fk
MATCH ()-[r:$$TYPE$$ {fact_key: fk}]->() USING INDEX SEEK r:$$TYPE$$(fact_key)
WITH fk, collect({eid: elementId(r), carried: r.carried_from IS NOT NULL,
                  // a carried piece is known by its statement id alone: no properties sent;
                  // clocks as ISO text (decoding driver temporals was ~2/3 of this read's time)
                  props: CASE WHEN r.carried_from IS NULL
                         THEN r {.*, valid_from: toString(r.valid_from), valid_to: toString(r.valid_to),
                                 valid_from_stated: toString(r.valid_from_stated),
                                 known_from: toString(r.known_from), known_to: toString(r.known_to)}
                         ELSE {statement_id: r.statement_id} END,
                  ends: [startNode(r).key, endNode(r).key]}) AS versions
OPTIONAL MATCH (x:Retraction {fact_key: fk}) USING INDEX SEEK x:Retraction(fact_key)
RETURN fk, versions, collect(x.known_from) AS retracted
