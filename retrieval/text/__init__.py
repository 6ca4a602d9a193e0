"""Disclosure text as the second retriever: chunking, the bundled MiniLM embeddings, the vector
index and its lexical fallback, and query-aware compression."""
