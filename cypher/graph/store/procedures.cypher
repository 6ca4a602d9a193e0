// The procedures the server offers (graph/store/plugin.py detect: ownergraph's own come from its
// plugin jar, used when ownergraph.version() matches; another server may lack them).
SHOW PROCEDURES YIELD name
RETURN name
