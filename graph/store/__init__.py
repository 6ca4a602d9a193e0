"""Owning the Neo4j server: the driver and its sessions, the project-managed local server and its plugin,
bookmarks, counts and fingerprints, the resolution state kept in the graph, and exports."""
