"""``manifest.json``: what an export holds and on what terms: the files written (size, sha256,
rows), the counts, the scope and the clock, and each source inside with its publisher and
licence (``domain.licences``)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.domain.licences import licence_of
from ownergraph.graph.export.select import Selection

FILE = "manifest.json"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def manifest(sel: Selection, fmt: str, files: list[dict[str, Any]], left_out: dict[str, int]) -> dict[str, Any]:
    """The manifest's content; ``files``: ``{"path": Path, "rows": int, "what": str}``."""
    by_source = Counter(e["props"].get("source_system") or "unknown" for e in sel.edges)
    by_source.update(f["props"].get("source_system") or "unknown" for f in sel.facts)
    sources = sorted(sel.sources() | set(by_source))
    return {
        "format": fmt,
        "exported_at": datetime.now(timezone.utc).isoformat().replace("+00:00", "Z"),
        **sel.scope(),
        "clock": sel.clock.as_dict(),
        "files": [{"name": f["path"].name, "what": f["what"], "rows": f["rows"], "bytes": f["path"].stat().st_size,
                   "sha256": sha256(f["path"])} for f in files],
        "counts": {"entities": len(sel.entities), "edges": len(sel.edges),
                   "edges_by_type": dict(sorted(Counter(e["type"] for e in sel.edges).items())),
                   "facts_by_kind": dict(sorted(Counter(f["label"] for f in sel.facts).items())),
                   "claims_left_out": sel.claims_left_out, "claim_threshold": sel.claim_threshold},
        "left_out": dict(sorted(left_out.items())),
        "sources": [licence_of(s).as_dict() | {"facts": by_source.get(s, 0)} for s in sources],
    }


def write(content: dict[str, Any], out_dir: Path) -> Path:
    path = out_dir / FILE
    path.write_text(json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


__all__ = ["FILE", "manifest", "sha256", "write"]
