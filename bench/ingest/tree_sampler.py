"""Watch a running ``ownergraph ingest --bulk`` from outside: peak RSS of its whole process tree,
CPU by stage, when the import parts appear and when Neo4j's importer runs, and a hard link of
every part the moment the importer starts (the loader deletes its parts afterwards; the links
keep them for the importer-alone run).

Stages seen from outside (``mark`` -> seconds since start, tree CPU then):
``parts_started`` (the first file in the loader's work folder), ``import_started`` /
``import_ended`` (the ``org.neo4j.cli.AdminTool`` child), ``exited``.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import psutil

IMPORTER = "org.neo4j.cli.AdminTool"


def _tree(pid: int) -> list[psutil.Process]:
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


class TreeSampler:
    def __init__(self, pid: int, bulk_dir: Path, keep: Path, server_pid: Any = None, every: float = 0.25,
                 limit_mb: float | None = None) -> None:
        self.pid, self.bulk_dir, self.keep, self.every = pid, bulk_dir, keep, every
        self.limit_mb, self.stopped_at_mb = limit_mb, None  # a shared machine: stop a load past this
        self.server_pid = server_pid  # a callable: the server's pid now (it restarts during the load)
        self.t0 = time.monotonic()
        self.marks: dict[str, dict[str, float]] = {}
        self.peak_tree_mb = self.peak_python_mb = self.peak_importer_mb = self.peak_server_mb = 0.0
        self.cpu: dict[int, float] = {}  # pid -> last CPU seen (a process's CPU is kept after it exits)
        self.importer_cpu = 0.0
        self.load: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def mark(self, name: str) -> None:
        if name not in self.marks:
            self.marks[name] = {"seconds": round(time.monotonic() - self.t0, 2), "tree_cpu_seconds": round(self.tree_cpu(), 2)}

    def tree_cpu(self) -> float:
        return sum(self.cpu.values())

    def _sample(self) -> None:
        rss = 0.0
        importer = False
        for p in _tree(self.pid):
            try:
                mem = p.memory_info().rss / 2**20
                t = p.cpu_times()
                cmd = " ".join(p.cmdline())
            except psutil.NoSuchProcess:
                continue
            if IMPORTER not in cmd and "neo4j" in cmd and p.pid != self.pid:
                # the server the CLI restarted is its child too: its own figure, not the load's
                self.peak_server_mb = max(self.peak_server_mb, mem)
                continue
            self.cpu[p.pid] = t.user + t.system
            rss += mem
            if p.pid == self.pid:
                self.peak_python_mb = max(self.peak_python_mb, mem)
            if IMPORTER in cmd:
                importer = True
                self.peak_importer_mb = max(self.peak_importer_mb, mem)
                self.importer_cpu = t.user + t.system
        self.peak_tree_mb = max(self.peak_tree_mb, rss)
        if self.limit_mb and rss > self.limit_mb and self.stopped_at_mb is None:
            self.stopped_at_mb = round(rss, 1)
            for p in reversed(_tree(self.pid)):
                try:
                    p.kill()
                except psutil.NoSuchProcess:
                    pass
        self._server()
        self._stages(importer)

    def _server(self) -> None:
        pid = self.server_pid() if self.server_pid else None
        if pid:
            try:
                self.peak_server_mb = max(self.peak_server_mb, psutil.Process(pid).memory_info().rss / 2**20)
            except psutil.NoSuchProcess:
                pass

    def _stages(self, importer: bool) -> None:
        if "parts_started" not in self.marks and self.bulk_dir.is_dir() and any(
                f.is_file() for d in self.bulk_dir.iterdir() if d.is_dir() for f in d.iterdir()):
            self.mark("parts_started")
        if importer and "import_started" not in self.marks:
            self.mark("import_started")
            self._keep_parts()
        if not importer and "import_started" in self.marks:
            self.mark("import_ended")

    def _keep_parts(self) -> None:
        self.keep.mkdir(parents=True, exist_ok=True)
        for folder in self.bulk_dir.iterdir():
            # a worker's parts (workers/NAME/parts/*.csv) get NAME before their number, so that
            # ImportFiles.found_in still reads label or type off the name
            for f in folder.rglob("*.csv") if folder.is_dir() else []:
                worker = f.parent.parent.name if f.parent != folder else ""
                head, n = f.stem.rsplit("-", 1)
                target = self.keep / f"{head}-{worker}{n}.csv"
                if not target.exists():
                    os.link(f, target)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self.load.append(os.getloadavg()[0])
            self._stop.wait(self.every)

    def __enter__(self) -> TreeSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.mark("exited")
