"""Conversation sessions: memory as a small context graph, and the facts a user states in it."""
