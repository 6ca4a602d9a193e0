"""``ownergraph mcp``: the analytics and ``ask`` as a Model Context Protocol server.

Curated, read-only, typed tools (one per question an analyst asks), each calling the same
analytic the CLI and the Python API call, with the same defaults; every tool takes the two
clocks (``as_of``, ``known_at``) and answers with citations, named limits and typed
abstentions. ``server.build_server()`` makes the server; ``server.serve()`` runs it over stdio
or streamable HTTP (bearer token required).
"""
