"""A deterministic daily delta of a generated world, and its UNWIND-MERGE baseline.

The delta (one bundle file, published the day after the world ends) holds, for ``fraction`` of
the world's entities ``n``: ``n`` new companies, each with an owner from the world (an edge of
an entity new in the batch); ``n`` changed stakes (a new version of an open ownership edge, a
change from the delta's day: the earlier stake stays valid until then, carried); ``n / 2``
closed edges (a new version ending the ownership on the delta's day). Picked by position in
the world's bundle (every k-th open ownership), so the same world gives the same delta.

The baseline MERGEs the relationships the delta's ingest created (same endpoints, type and
properties, sent as plain typed parameters) into the same loaded graph under a benchmark
type, merged on ``statement_id`` like the loader, then removes them.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from bench.cypher import q

_FIELDS = ("type", "id", "owner", "owned", "valid_from", "valid_to", "known_from", "stake", "document_id")


def _open_ownerships(bundle: Path) -> tuple[list[dict[str, Any]], str, str | None]:
    """The latest version of every ownership fact still open in valid time (file order), the
    bundle's publication date and its producer."""
    latest: dict[str, dict[str, Any]] = {}
    published = "2025-12-31"
    producer: str | None = None
    with open(bundle, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if "bundle" in obj:
                published = obj["bundle"].get("published", published)
                producer = obj["bundle"].get("producer")
            elif obj.get("type") == "ownership":
                prev = latest.get(obj["id"])
                if prev is None or obj["known_from"] >= prev["known_from"]:
                    latest[obj["id"]] = obj
    return [o for o in latest.values() if "valid_to" not in o], published, producer


def write_delta(world: Path, out: Path, fraction: float = 0.01) -> dict[str, Any]:
    """Write ``out`` (a bundle file) holding the delta of ``world``; returns its counts."""
    meta = json.loads((world / "ground_truth.jsonl").open().readline())
    n = max(1, round(meta["n_entities"] * fraction))
    bundle = next(world.glob("*.bundle.jsonl"))
    open_edges, published, producer = _open_ownerships(bundle)
    day = date.fromisoformat(published) + timedelta(days=1)
    known = (day + timedelta(days=1)).isoformat()
    step = max(1, len(open_edges) // (3 * n))
    picks = open_edges[::step]
    changed = [o for o in picks if isinstance(o.get("stake"), (int, float))][:n]
    closing = [o for o in picks if o not in changed][: n // 2]
    # the world's producer publishes the delta: a record id names a fact of its producer, so
    # only then are the changed and closed edges new versions of the world's facts (another
    # producer's would open facts of its own and close nothing)
    lines: list[dict[str, Any]] = [{"bundle": {"version": 1, "published": known, "producer": producer}}
                                   if producer else {"bundle": {"version": 1, "published": known}}]
    for i in range(n):
        owner = open_edges[(i * 7919) % len(open_edges)]["owner"]
        eid = f"wg:delta{i}"
        lines.append({"type": "entity", "id": eid, "kind": "company", "jurisdiction": "GB",
                      "name": f"Delta Newco {i} Limited", "known_from": known})
        lines.append({"type": "ownership", "id": f"wg:delta-own{i}", "owner": owner,
                      "owned": {"scheme": "internal", "value": eid, "name": f"Delta Newco {i} Limited"},
                      "valid_from": day.isoformat(), "known_from": known, "stake": 100.0})
    for o in changed:
        new = {k: o[k] for k in _FIELDS if k in o}
        lines.append(new | {"stake": round(o["stake"] * 0.8, 2), "valid_from": day.isoformat(), "known_from": known})
    for o in closing:
        new = {k: o[k] for k in _FIELDS if k in o}
        lines.append(new | {"valid_to": day.isoformat(), "known_from": known})
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for obj in lines:
            f.write(json.dumps(obj, separators=(",", ":")) + "\n")
    return {"records": len(lines) - 1, "new_entities": n, "new_edges": n, "changed_stakes": len(changed),
            "closed_edges": len(closing), "known_from": known}


def delta_edges(graph: Any, known_from: str) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """Every statement edge the delta's ingest created: known from its day on (versions,
    carried pieces and new edges), with endpoints and properties."""
    day = datetime.combine(date.fromisoformat(known_from), datetime.min.time(), tzinfo=timezone.utc)
    return graph.read(q("delta_edges"), known_from=day)


def merge_baseline(graph: Any, edges: list[dict[str, Any]], batch: int = 10000) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """UNWIND-MERGE of ``edges`` (same endpoints and properties, typed parameters) into the
    loaded graph, merged on statement_id under a benchmark type; timed, then removed."""
    from bench._common import Timer

    rows = [{"a": e["a"], "b": e["b"], "sid": e["props"]["statement_id"], "props": e["props"]} for e in edges]
    with Timer() as t:
        graph.write_batches(q("delta_baseline_merge"), rows, batch)
    graph.write(q("delta_baseline_drop"))
    return {"relationships": len(rows), "seconds": round(t.seconds, 3),
            "relationships_per_s": round(len(rows) / t.seconds, 1) if t.seconds else 0.0}


class Stages:
    """Wall, Python CPU and server CPU seconds per stage of one ``ingest_paths`` run: loading
    the resolver state, reading + resolving + writing, corporate actions, saving the state.
    Installed around the run (``with Stages(pid) as st: ingest_paths(...)``); ``pid`` is the
    local server's process (None: server CPU not measured)."""

    def __init__(self, server_pid: int | None) -> None:
        self.pid = server_pid
        self.stages: dict[str, dict[str, float]] = {}
        self._undo: list[tuple[Any, str, Any]] = []
        self.actions_applied = 0

    def _now(self) -> tuple[float, float, float]:
        import time

        return time.perf_counter(), time.process_time(), server_cpu(self.pid)

    def _add(self, name: str, t0: tuple[float, float, float]) -> None:
        t1 = self._now()
        s = self.stages.setdefault(name, {"seconds": 0.0, "python_cpu_seconds": 0.0, "server_cpu_seconds": 0.0})
        for k, a, b in zip(("seconds", "python_cpu_seconds", "server_cpu_seconds"), t0, t1):
            s[k] = round(s[k] + b - a, 3)

    def _wrap(self, owner: Any, attr: str, name: str, *, static: bool = False) -> None:
        orig = owner.__dict__[attr]
        fn = orig.__func__ if static else orig

        def timed(*a: Any, **k: Any) -> Any:
            t0 = self._now()
            try:
                return fn(*a, **k)
            finally:
                self._add(name, t0)

        setattr(owner, attr, classmethod(timed) if static else timed)
        self._undo.append((owner, attr, orig))

    def __enter__(self) -> Stages:
        from ownergraph.graph.load.loader import Loader
        from ownergraph.resolution import Resolver

        self._wrap(Resolver, "load", "resolver_state_load", static=True)
        self._wrap(Resolver, "save", "resolver_state_save")
        orig_finish = Loader.__dict__["finish"]
        stages = self

        def finish(loader: Any) -> int:
            t0 = stages._now()
            loader.flush()  # the last batch: still reading + writing
            stages._add("read_resolve_write_tail", t0)
            t0 = stages._now()
            try:
                stages.actions_applied = orig_finish(loader)
                return stages.actions_applied
            finally:
                stages._add("corporate_actions", t0)

        Loader.finish = finish  # type: ignore[method-assign]
        self._undo.append((Loader, "finish", orig_finish))
        self._t0 = self._now()
        return self

    def __exit__(self, *exc: object) -> None:
        self._add("total", self._t0)
        for owner, attr, orig in reversed(self._undo):
            setattr(owner, attr, orig)
        total = self.stages.pop("total")
        self.stages.pop("read_resolve_write_tail", None)  # counted in the rest below
        rest = {k: round(total[k] - sum(s[k] for s in self.stages.values()), 3) for k in total}
        self.stages = {"read_resolve_write": rest, **self.stages, "total": total}


def server_pid(port: int) -> int | None:
    """The process listening on ``port`` on this machine (the benchmark's server), if visible."""
    import os

    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if int(f[1].rsplit(":", 1)[1], 16) == port and f[3] == "0A":  # LISTEN
                inodes.add(f"socket:[{f[9]}]")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:
            continue
    return None


def server_cpu(pid: int | None) -> float:
    """User + system CPU seconds of process ``pid`` so far (0 when unknown)."""
    import os

    if pid is None:
        return 0.0
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def measure_delta(graph: Any, world: Path, out_dir: Path, fraction: float,  # type: ignore[no-untyped-def]
                  loader_factory: Any = None) -> dict[str, Any]:
    """Write the delta of ``world``, ingest it into ``graph`` (which holds the world) by stage,
    then MERGE the same relationships as the baseline; the report's figures."""
    from ownergraph.graph.load.pipeline import ingest_paths

    path = out_dir / "delta.bundle.jsonl"
    counts = write_delta(world, path, fraction)
    pid = server_pid(int(graph.uri.rsplit(":", 1)[1]))
    with Stages(pid) as st:
        summary = ingest_paths(graph, [path], loader_factory=loader_factory)
    edges = delta_edges(graph, counts["known_from"])
    seconds = st.stages["total"]["seconds"]
    writing = sum(st.stages[k]["seconds"] for k in ("read_resolve_write", "corporate_actions") if k in st.stages)
    base = merge_baseline(graph, edges)
    rel_s = round(len(edges) / seconds, 1) if seconds else 0.0
    return {"fraction": fraction, "delta": counts, "records": summary.totals, "relationships": len(edges),
            "seconds": seconds, "records_per_s": round(summary.totals["read"] / seconds, 1) if seconds else 0.0,
            "relationships_per_s": rel_s,
            # without loading and saving the whole resolver state (a fixed cost per run, O(world))
            "relationships_per_s_without_state": round(len(edges) / writing, 1) if writing else 0.0,
            "stages": st.stages, "actions_applied": st.actions_applied, "server_pid_seen": pid is not None,
            "baseline_unwind_merge": base,
            "ratio_ours_to_baseline": round(rel_s / base["relationships_per_s"], 3) if base["relationships_per_s"] else None,
            "ratio_without_state": (round(len(edges) / writing / base["relationships_per_s"], 3)
                                    if writing and base["relationships_per_s"] else None)}


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.ingest.delta WORLD OUT FRACTION [--full-writes]``: measure the delta in
    this fresh process (as ``ownergraph ingest`` runs it: nothing imported or cached before)
    against the benchmarks' server, which holds WORLD; the figures as JSON on stdout."""
    import argparse
    import sys

    from bench._common import bench_graph

    ap = argparse.ArgumentParser(prog="python -m bench.ingest.delta")
    ap.add_argument("world", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("fraction", type=float)
    ap.add_argument("--full-writes", action="store_true")
    args = ap.parse_args(argv)
    factory = None
    if args.full_writes:
        from ownergraph.graph.load.loader import Loader

        factory = lambda g, keys: Loader(g, keys, defer_actions=True, background=True, lean=False)  # noqa: E731
    json.dump(measure_delta(bench_graph(), args.world, args.out, args.fraction, factory), sys.stdout, default=str)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
