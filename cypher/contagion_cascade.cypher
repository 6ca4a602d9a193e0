// A whole default cascade in one call to ownergraph.cascade (graph/_server/OwnergraphProcedures.java,
// registered by the project-managed server): the same time gate and per-type directions of
// risk as snapshot_step, one row per hop (0 = the defaulted entity) with the edges that first
// reached a party at that hop, each [source, source_name, target, target_name, type, ...the
// values of $fields] (dates as ISO strings), and those parties' key/name/lei/kind.
CALL ownergraph.cascade($key, $hit_source, $hit_target, $as_of, $known_at, $max_hops, $suppressed, $fields)
YIELD hop, edges, nodes
RETURN hop, edges, nodes
