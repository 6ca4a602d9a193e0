"""Run one reader over one mutated copy of a real sample; report an escaped exception."""

from __future__ import annotations

import traceback
from pathlib import Path

from pydantic import BaseModel

from ownergraph.ingest.formats import readers
from ownergraph.domain.model import Quarantined


def read_all(fmt: str, path: Path) -> tuple[int, int, str | None]:
    """(records, quarantined, traceback text or None) of reading ``path`` as ``fmt``."""
    reader = readers()[fmt]
    n = q = 0
    try:
        for rec in reader.read(path):
            if not isinstance(rec, BaseModel):
                return n, q, f"reader yielded a {type(rec).__name__}, not a record"
            n += 1
            q += isinstance(rec, Quarantined)
    except BaseException as err:  # noqa: BLE001 - any escape is what the fuzzer looks for
        if isinstance(err, KeyboardInterrupt):
            raise
        return n, q, "".join(traceback.format_exception(err))[-4000:]
    return n, q, None


def try_mutation(fmt: str, sample: Path, data: bytes, workdir: Path) -> str | None:
    """Write ``data`` under ``workdir`` with the sample's own name (readers read dates and
    versions off names and folders) and read it; the traceback text if one escaped."""
    workdir.mkdir(parents=True, exist_ok=True)
    target = workdir / sample.name
    target.write_bytes(data)
    return read_all(fmt, target)[2]
