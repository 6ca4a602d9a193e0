// The procedures the server offers (Graph.has_procedure: the project-managed server registers
// ownergraph's own; another server may lack them).
SHOW PROCEDURES YIELD name
RETURN name
