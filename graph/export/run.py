"""``export_graph``: select (``graph.export.select``), write one format, write the manifest."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ownergraph.graph.export import bods, ftm, graphml, manifest, parquet
from ownergraph.graph.export.select import GROUP_DEPTH, ExportClock, Progress, Selection, select
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.export import ExportError

FORMATS = ("bods", "ftm", "graphml", "parquet")


@dataclass(frozen=True)
class ExportResult:
    out_dir: Path
    manifest: dict[str, Any]
    manifest_file: Path
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return {"out_dir": str(self.out_dir), "manifest_file": str(self.manifest_file),
                "seconds": round(self.seconds, 3)} | self.manifest


def _write(fmt: str, sel: Selection, out_dir: Path) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The files one format writes (path, rows, what) and what it could not say."""
    if fmt == "bods":
        writer = bods.BodsWriter(sel)
        path, n = writer.write(out_dir)
        return [{"path": path, "rows": n, "what": "BODS 0.4 statements (JSON array)"}], dict(writer.left_out)
    if fmt == "ftm":
        fw = ftm.FtmWriter(sel)
        path, n = fw.write(out_dir)
        return [{"path": path, "rows": n, "what": "FollowTheMoney entities (JSON lines)"}], {}
    if fmt == "graphml":
        path, n = graphml.write(sel, out_dir)
        return [{"path": path, "rows": n, "what": "GraphML (nodes + edges), for Gephi"}], {}
    files = parquet.write(sel, out_dir)
    return [{"path": p, "rows": n, "what": f"Parquet table: {name}"} for name, (p, n) in files.items()], {}


def export_graph(graph: Graph, fmt: str, out_dir: str | Path, entity: str | None = None, *,
                 as_of: Any = None, known_at: Any = None, depth: int = GROUP_DEPTH,
                 progress: Progress | None = None,
                 stage: Callable[[str], None] | None = None) -> ExportResult:
    """Write ``entity``'s group (else the whole graph) in ``fmt`` into ``out_dir`` (created;
    files there of the same names are replaced) with ``manifest.json``."""
    if fmt not in FORMATS:
        raise ExportError(f"--format: {fmt!r} is not one of {', '.join(FORMATS)}")
    start = time.perf_counter()
    clock = ExportClock.parse(as_of, known_at)
    sel = select(graph, entity, clock=clock, depth=depth, progress=progress)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ExportError(f"{out}: cannot create the export folder ({err.strerror})") from err
    if stage:
        stage(f"writing {fmt}")
    files, left_out = _write(fmt, sel, out)
    content = manifest.manifest(sel, fmt, files, left_out)
    path = manifest.write(content, out)
    return ExportResult(out, content, path, time.perf_counter() - start)


__all__ = ["FORMATS", "ExportResult", "export_graph"]
