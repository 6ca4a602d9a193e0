"""The ownership edges an Exhibit 21 reader makes of a list written to a file (no quarantine)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership, Quarantined
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader


def edges(tmp_path: Path, name: str, text: str) -> dict[str, Ownership]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    records = list(Ex21Reader().read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    return {o.target.name: o for o in records if isinstance(o, Ownership)}
