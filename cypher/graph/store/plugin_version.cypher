// The release and source digest of the ownergraph plugin on the server (graph/store/plugin.py detect:
// asked only when SHOW PROCEDURES lists ownergraph.version).
CALL ownergraph.version() YIELD version, sources
RETURN version, sources
