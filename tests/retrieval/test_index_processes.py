"""One process writing the on-disk vector index while others open it to read (an ingest beside
`ownergraph ask` runs). Before the inter-process lock, a reader that merely loaded the Qdrant Edge
shard while the writer flushed truncated the writer's payload-index trackers, and the writer's
flush failed with "Blobstore error: Tracker journal … shorter than expected" (a real full-folder
ingest). Now a reader either gets the whole index or VectorIndexBusy, and the writer's points
all arrive. Small (dim 8, 60 batches of 20 points) so it runs in seconds."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("qdrant_edge")

BATCHES, PER_BATCH = 60, 20

_COMMON = f"""
import random, sys, time
from ownergraph.domain.errors import VectorIndexBusy
from ownergraph.retrieval.vectors import EdgeIndex, VectorPoint
path = sys.argv[1]
def open_waiting(wait):
    deadline = time.monotonic() + wait
    while True:
        try:
            return EdgeIndex(path, "disclosures", 8)
        except VectorIndexBusy:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.02)
"""

_WRITER = _COMMON + f"""
for r in range({BATCHES}):  # one open per batch, as resumed ingests and `ownergraph index` do
    index = open_waiting(30)
    index.upsert([VectorPoint(chunk_id=f"c{{i}}", vector=[random.random() for _ in range(8)],
                              document_id=f"d{{i}}", text="x", entity_keys=[f"e{{i % 5}}"],
                              form_type="8-K", filed_at="2020-01-01")
                  for i in range(r * {PER_BATCH}, (r + 1) * {PER_BATCH})])
    index.close()
print("written")
"""

_READER = _COMMON + """
opened = busy = 0
stop = time.monotonic() + float(sys.argv[2])
while time.monotonic() < stop:
    try:
        index = EdgeIndex(path, "disclosures", 8)
    except VectorIndexBusy:
        busy += 1
        time.sleep(0.005)
        continue
    index.count()
    index.search([0.5] * 8, top_k=3, entity_keys=["e1"])
    index.close()
    opened += 1
print(opened, busy)
"""


def test_readers_opening_the_index_while_a_process_writes_corrupt_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "vectors"
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(folder)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    time.sleep(0.3)  # the writer has made the shard; readers now race its flushes
    readers = [subprocess.Popen([sys.executable, "-c", _READER, str(folder), "6"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(3)]
    w_out, w_err = writer.communicate(timeout=120)
    outs = [r.communicate(timeout=60) for r in readers]
    assert writer.returncode == 0 and w_out.strip() == "written", w_err[-2000:]
    for r, (out, err) in zip(readers, outs):
        assert r.returncode == 0, err[-2000:]
    opened = sum(int(out.split()[0]) for out, _ in outs)
    assert opened > 0, "no reader got the index between the writer's batches: nothing was raced"
    from ownergraph.retrieval.vectors import EdgeIndex

    with EdgeIndex(folder, "disclosures", 8) as index:
        assert index.count() == BATCHES * PER_BATCH
