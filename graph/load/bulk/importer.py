"""Neo4j's offline importer over the project-managed server's database.

``neo4j-admin database import full`` is in the jars the local server already runs from
(``neo4j-import-tool``, entry point ``org.neo4j.cli.AdminTool``); it writes a new store for
the database while the server is stopped. Only for the server ownergraph manages: for a
server named by NEO4J_URI the files can be imported by hand (see README).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from ownergraph.graph.load.bulk.files import ARRAY_DELIMITER, ImportFiles
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.server import LocalNeo4j, find_java
from ownergraph.domain.errors import OwnergraphError

ENTRY_POINT = "org.neo4j.cli.AdminTool"


class BulkImportError(OwnergraphError):
    """The offline importer failed; the message names its report and the database's state."""


@dataclass
class ImportRun:
    seconds: float  # the importer's process, wall
    cpu_seconds: float  # the importer's process (user + system)
    stop_seconds: float
    start_seconds: float
    peak_rss_mb: float = 0.0  # the importer's process


def importer_memory() -> tuple[str, str]:
    """The importer's JVM heap and off-heap budget: ``OWNERGRAPH_IMPORT_HEAP`` (default 1g) and
    ``OWNERGRAPH_IMPORT_OFF_HEAP`` (default 1G); its peak RSS is about their sum."""
    return os.environ.get("OWNERGRAPH_IMPORT_HEAP", "1g"), os.environ.get("OWNERGRAPH_IMPORT_OFF_HEAP", "1G")


def importer_command(local: LocalNeo4j, files: ImportFiles, database: str) -> list[str]:
    runtime = local.install()
    java_file = runtime / "java"
    java = Path(java_file.read_text().strip()) if java_file.is_file() else find_java()
    if not java.exists():
        java = find_java()
    heap, off_heap = importer_memory()
    return [str(java), f"-Xmx{heap}", "-Dfile.encoding=UTF-8", "-cp", str(runtime / "lib" / "*"), ENTRY_POINT,
            "database", "import", "full", database, "--overwrite-destination", "--multiline-fields=true",
            f"--array-delimiter={ARRAY_DELIMITER}", "--bad-tolerance=0", "--skip-bad-relationships=false",
            "--skip-duplicate-nodes=false", "--threads=2", f"--max-off-heap-memory={off_heap}",
            f"--report-file={files.folder / 'import.report'}", *files.arguments()]


def run_importer(local: LocalNeo4j, files: ImportFiles, database: str = "neo4j") -> tuple[float, float, float]:
    """Run the importer (server stopped); (wall seconds, CPU seconds, peak RSS MB) of its process
    (``wait4``: its own figures, not those of this process's other children)."""
    env = {**os.environ, "NEO4J_HOME": str(local.root), "NEO4J_CONF": str(local.conf.parent)}
    log = files.folder / "import.log"
    t0 = time.monotonic()
    with open(log, "w+") as out:
        proc = subprocess.Popen(importer_command(local, files, database), cwd=files.folder, env=env,
                                stdout=out, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - t0
        out.seek(0)
        text = out.read()
    if proc.returncode != 0 or "IMPORT DONE" not in text:
        tail = "\n".join(text.strip().splitlines()[-15:])
        raise BulkImportError(f"the offline import into {local.root} failed (exit {proc.returncode}); files and "
                              f"log kept in {files.folder}:\n{tail}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def import_into_local(settings: Settings, files: ImportFiles) -> ImportRun:
    """Stop the local server, import ``files`` as its database, start it again.

    The database was empty (the caller checked): when the importer fails, its half-written
    store is removed so the server starts with an empty database again."""
    local = LocalNeo4j(settings)
    t0 = time.monotonic()
    local.stop()
    t1 = time.monotonic()
    try:
        wall, cpu, peak = run_importer(local, files, settings.neo4j_database)
    except BulkImportError:
        for part in ("databases", "transactions"):
            shutil.rmtree(local.root / "data" / part / settings.neo4j_database, ignore_errors=True)
        local.start()
        raise
    t2 = time.monotonic()
    local.start()
    return ImportRun(seconds=round(wall, 2), cpu_seconds=round(cpu, 2), stop_seconds=round(t1 - t0, 2),
                     start_seconds=round(time.monotonic() - t2, 2), peak_rss_mb=round(peak, 1))
