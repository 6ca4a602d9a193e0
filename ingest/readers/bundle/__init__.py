"""ownergraph's own bundle format (JSON lines or arrays), row and column-wise readers."""
