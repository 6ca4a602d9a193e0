// Carried pieces a re-plan no longer has (an out-of-order version changed the history): they
// were derived, never stated, so they go.
UNWIND $eids AS eid
MATCH ()-[r]->() WHERE elementId(r) = eid
DELETE r
