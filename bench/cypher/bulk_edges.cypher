// Bulk writer of the generated edges of one relationship type.
// slot TYPE: REL_TYPES
UNWIND $rows AS row
MATCH (a:Entity {key: row.s})
MATCH (b:Entity {key: row.t})
CREATE (a)-[r:$$TYPE$$]->(b) SET r = row.props
