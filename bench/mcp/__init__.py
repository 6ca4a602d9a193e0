"""Benchmark of the MCP server: one client against many, single process against the worker pool."""
