// Delete every node and relationship of the database, $batch nodes per transaction
// (auto-commit: tests and benchmarks start from an empty graph).
MATCH (n)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF $batch ROWS
