"""One process writing the on-disk vector index while others open it to read (an ingest beside
`ownergraph ask` runs). Before the inter-process lock, a reader that merely loaded the Qdrant Edge
shard while the writer flushed truncated the writer's payload-index trackers, and the writer's
flush failed with "Blobstore error: Tracker journal … shorter than expected" (a real full-folder
ingest). Now a reader either gets the whole index or VectorIndexBusy, and the writer's points
all arrive. Small (dim 8, 60 batches of 20 points) so it runs in seconds.

The processes meet through marker files rather than sleeps: on a loaded CI machine a process
may take seconds just to import, and a reader that ran for a fixed few seconds could miss the
writer entirely (CI at 6aaaadb: "nothing was raced"). The writer makes the shard, waits until
every reader is ready, then writes its batches with a short pause between them, as an ingest
does between documents; readers race it until it says it is done."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("qdrant_edge")

BATCHES, PER_BATCH, READERS = 60, 20, 3

_COMMON = f"""
import os, random, sys, time
from ownergraph.domain.errors import VectorIndexBusy
from ownergraph.retrieval.text.vectors import EdgeIndex, VectorPoint
path, marks = sys.argv[1], sys.argv[2]
def mark(name):
    open(os.path.join(marks, name), "w").close()
def wait_for(test, what, wait=120):
    deadline = time.monotonic() + wait
    while not test():
        if time.monotonic() >= deadline:
            sys.exit("gave up waiting for " + what)
        time.sleep(0.01)
def marked(name):
    return os.path.exists(os.path.join(marks, name))
def open_waiting(wait):
    deadline = time.monotonic() + wait
    while True:
        try:
            return EdgeIndex(path, "disclosures", 8)
        except VectorIndexBusy:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.005)
"""

_WRITER = _COMMON + f"""
try:
    for r in range({BATCHES}):  # one open per batch, as resumed ingests and `ownergraph index` do
        if r == 1:  # the shard exists; let every reader start racing before going on
            mark("made")
            wait_for(lambda: sum(marked(f"ready{{k}}") for k in range({READERS})) == {READERS}, "readers")
        time.sleep(0.02)  # the work between batches (reading, embedding)
        index = open_waiting(30)
        index.upsert([VectorPoint(chunk_id=f"c{{i}}", vector=[random.random() for _ in range(8)],
                                  document_id=f"d{{i}}", text="x", entity_keys=[f"e{{i % 5}}"],
                                  form_type="8-K", filed_at="2020-01-01")
                      for i in range(r * {PER_BATCH}, (r + 1) * {PER_BATCH})])
        index.close()
finally:  # readers stop racing even if the writer failed
    mark("done")
print("written")
"""

_READER = _COMMON + """
opened = busy = 0
mark("ready" + sys.argv[3])
wait_for(lambda: marked("made"), "the shard")
stop = time.monotonic() + 120
while not marked("done") and time.monotonic() < stop:
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
    time.sleep(0.02)  # an asker between questions; without a pause three readers can starve the writer
print(opened, busy)
"""


def test_readers_opening_the_index_while_a_process_writes_corrupt_nothing(tmp_path: Path) -> None:
    folder, marks = tmp_path / "vectors", tmp_path / "marks"
    marks.mkdir()
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(folder), str(marks)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    readers = [subprocess.Popen([sys.executable, "-c", _READER, str(folder), str(marks), str(k)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for k in range(READERS)]
    w_out, w_err = writer.communicate(timeout=240)
    outs = [r.communicate(timeout=240) for r in readers]
    assert writer.returncode == 0 and w_out.strip() == "written", w_err[-2000:]
    for r, (out, err) in zip(readers, outs):
        assert r.returncode == 0, err[-2000:]
    opened = sum(int(out.split()[0]) for out, _ in outs)
    assert opened > 0, "no reader got the index between the writer's batches: nothing was raced"
    from ownergraph.retrieval.text.vectors import EdgeIndex

    with EdgeIndex(folder, "disclosures", 8) as index:
        assert index.count() == BATCHES * PER_BATCH
