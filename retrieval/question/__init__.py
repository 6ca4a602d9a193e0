"""Question understanding: a user's question -> a typed :class:`Question` (``model``), read by the
deterministic parser (``parser`` and its steps) or an LLM (``retrieval.llm``)."""
