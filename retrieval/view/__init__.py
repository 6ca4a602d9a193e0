"""The interactive, offline view: an entity's ownership/control chain (lending and guarantees on
request) as one HTML file with a valid-time and a knowledge-time slider (cytoscape.js vendored
beside it, MIT licence in ``LICENSE.cytoscape``)."""

from ownergraph.retrieval.view.build import view_data, write_view

__all__ = ["view_data", "write_view"]
