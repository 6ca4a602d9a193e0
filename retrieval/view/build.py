"""The view of one entity, from the graph to the file: resolve the mention, read every version
of the edges around it (``graph.analytics.timeline``), and write the page at a starting clock."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.snapshot import Reads
from ownergraph.domain.vocabulary import VIEW_DEPTH
from ownergraph.graph.analytics.timeline import side_types, timeline
from ownergraph.retrieval.view import page
from ownergraph.retrieval.view.payload import payload


def view_data(graph: Reads, mention: str, *, as_of: date | str | None = None,
              known_at: date | datetime | str | None = None, with_: Iterable[str] = (),
              depth: int = VIEW_DEPTH) -> dict[str, Any]:
    """The page's data for ``mention`` (name, LEI, alias), its sliders at ``as_of``/``known_at``."""
    clock = make_clock(as_of, known_at)
    key = find_entity(graph, mention, clock.as_of).key
    return payload(timeline(graph, key, side_types(with_), depth), clock)


def write_view(graph: Reads, mention: str, path: str | Path, **options: Any) -> Path:
    """One self-contained HTML file: the chain around ``mention`` with two clock sliders."""
    return page.write(view_data(graph, mention, **options), path)
