// A whole default cascade in one call to ownergraph.cascade (graph/_server/OwnergraphProcedures.java,
// ownergraph's plugin jar, graph/store/plugin.py): the same time gate and per-type directions of
// risk as snapshot_step, one row per hop (0 = the defaulted entity) with, as JSON text, the
// parties first hit at that hop, each [key, name, lei, kind, exposures]: the edges that reached
// it as [source, source_name, target, target_name, type, ...the values of $fields (dates as ISO
// strings), defaulted_end]. Hops stream: the server walks hop h + 1 while hop h is decoded.
CALL ownergraph.cascade($key, $hit_source, $hit_target, $as_of, $known_at, $max_hops, $suppressed, $fields)
YIELD hop, parties
RETURN hop, parties
