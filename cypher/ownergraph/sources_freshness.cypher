// Each source system's knowledge time: how many stored facts (nodes and relationships) it
// gave, the first and the latest publication time (known_from) among them, and the files read.
// A full scan, read-only; the MCP resource ownergraph://sources reads it.
CALL () {
  MATCH (n) WHERE n.source_system IS NOT NULL
  RETURN n.source_system AS source_system, n.known_from AS known_from, n.source_file AS source_file
  UNION ALL
  MATCH ()-[r]->() WHERE r.source_system IS NOT NULL
  RETURN r.source_system AS source_system, r.known_from AS known_from, r.source_file AS source_file
}
RETURN source_system, count(*) AS facts, min(known_from) AS first_known, max(known_from) AS knowledge_time,
       collect(DISTINCT source_file)[..20] AS files
ORDER BY source_system
