"""The project-managed local Neo4j: Community 5.26 LTS, embedded, with Bolt on localhost.

Artifacts come from Maven Central (``mvn dependency:copy-dependencies`` over
``graph/_server/pom.xml``) into ``<cache>/neo4j/<version>/``; a 40-line launcher
(``_server/OwnergraphNeo4j.java``) is compiled with the machine's JDK (17+) and ownergraph's
procedures are built as the plugin jar a self-managed server would load (graph/store/plugin.py), again
whenever those sources change. Data, logs, plugins, credentials and the pid file live in
``<home>/neo4j/``; start puts the current plugin jar into ``<home>/neo4j/plugins/``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

from ownergraph.graph.store import plugin
from ownergraph.domain.settings import Settings
from ownergraph.domain.errors import Neo4jUnavailable

LAUNCHER = "OwnergraphNeo4j"
_JAVA_SOURCES = (f"{LAUNCHER}.java", plugin.SOURCE)
ALTERNATIVES = (
    "Alternatives: run Neo4j yourself (`docker compose up -d neo4j` with the project's "
    "docker-compose.yml, or Neo4j Desktop/Aura) and set NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD."
)


def _sources_digest() -> str:
    """Which launcher/procedure sources the compiled classes must come from."""
    digest = hashlib.sha256(plugin.package_version().encode())
    for name in _JAVA_SOURCES:
        digest.update((resources.files("ownergraph.graph") / "_server" / name).read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    uri: str
    version: str
    pid: int | None
    home: str
    recovered_stale_pid: bool = False
    started_in_s: float | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _java_major(java: str) -> int | None:
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not m:
        return None
    major = int(m.group(1))
    return int(m.group(2)) if major == 1 and m.group(2) else major


def find_java() -> Path:
    """A Java 17 or 21 (Neo4j 5.26's supported runtimes), else any Java ≥ 17."""
    candidates: list[Path] = []
    if os.environ.get("JAVA_HOME"):
        candidates.append(Path(os.environ["JAVA_HOME"]) / "bin" / "java")
    if which := shutil.which("java"):
        candidates.append(Path(which).resolve())
    candidates += sorted(Path("/usr/lib/jvm").glob("*/bin/java"))
    fallback: Path | None = None
    for java in candidates:
        major = _java_major(str(java))
        if major in (17, 21):
            return java
        if major and major > 17 and fallback is None:
            fallback = java
    if fallback:
        return fallback
    raise Neo4jUnavailable(
        "No Java 17+ runtime found (looked at JAVA_HOME, PATH, /usr/lib/jvm); the local Neo4j "
        "needs one (e.g. `apt-get install openjdk-17-jdk-headless`). " + ALTERNATIVES
    )


class LocalNeo4j:
    """Install, start, stop and inspect the local server described by ``settings``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.runtime = settings.cache / "neo4j" / settings.neo4j_version
        self.root = settings.home / "neo4j"
        self.conf = self.root / "conf" / "neo4j.conf"
        self.pid_file = self.root / "run" / "neo4j.pid"
        self.console_log = self.root / "logs" / "console.log"
        self.credentials_file = self.root / "conf" / "credentials.json"
        self.plugins = self.root / "plugins"

    # -- paths and facts --------------------------------------------------------------
    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.settings.neo4j_port}"

    def credentials(self) -> tuple[str, str]:
        if not self.credentials_file.is_file():
            raise Neo4jUnavailable(f"the local Neo4j at {self.root} has not been started yet")
        data = json.loads(self.credentials_file.read_text())
        return data["user"], data["password"]

    @property
    def build(self) -> Path:
        """The launcher classes and plugin jar built from the current Java sources. A build is never
        replaced in place: a server started from an older one keeps the files it loads."""
        return self.runtime / "build" / _sources_digest()

    @property
    def installed(self) -> bool:
        """Neo4j fetched and the launcher and plugin built from the current Java sources."""
        return (self.runtime / "java").is_file() and (self.build / ".complete").is_file()

    # -- install ----------------------------------------------------------------------
    @property
    def plugin_jar(self) -> Path:
        """The plugin jar built by :meth:`install` (``ownergraph neo4j plugin`` copies it out)."""
        return self.build / "plugins" / plugin.jar_name()

    def install(self) -> Path:
        """Fetch Neo4j from Maven Central, compile the launcher and build the procedures' plugin
        jar; a no-op when done. Changed Java sources are rebuilt against the jars already fetched."""
        if self.installed:
            return self.runtime
        java = find_java()
        javac = java.parent / "javac"
        if not javac.exists():
            javac = Path(shutil.which("javac") or "")
        if not javac.is_file():
            raise Neo4jUnavailable(f"a JDK (javac) is needed beside {java} to build the launcher. " + ALTERNATIVES)
        if not ((self.runtime / "java").is_file() and (self.runtime / "lib").is_dir()):
            fetching = self.runtime.with_name(self.runtime.name + ".partial")
            shutil.rmtree(fetching, ignore_errors=True)
            fetching.mkdir(parents=True)
            self._fetch(fetching, java)
            (fetching / "java").write_text(str(java))
            shutil.rmtree(self.runtime, ignore_errors=True)
            fetching.rename(self.runtime)
        self.build.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".partial-", dir=self.build.parent))
        try:
            launcher = staging / f"{LAUNCHER}.java"
            launcher.write_text((resources.files("ownergraph.graph") / "_server" / launcher.name).read_text())
            build = subprocess.run(
                [str(javac), "-d", str(staging / "classes"), "-cp", str(self.runtime / "lib" / "*"), str(launcher)],
                capture_output=True, text=True,
            )
            if build.returncode != 0:
                raise Neo4jUnavailable(f"could not compile the Neo4j launcher:\n{build.stderr[-1500:]}")
            plugin.build_plugin(self.runtime / "lib", staging / "plugins", java)
            (staging / ".complete").write_text(f"{self.settings.neo4j_version} {_sources_digest()}")
            with contextlib.suppress(OSError):  # another process built the same sources meanwhile
                staging.rename(self.build)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return self.runtime

    def _fetch(self, staging: Path, java: Path) -> None:
        mvn = shutil.which("mvn")
        if not mvn:
            raise Neo4jUnavailable(
                "Maven (`mvn`) is needed once to fetch Neo4j from Maven Central and was not found "
                "(e.g. `apt-get install maven`). " + ALTERNATIVES
            )
        pom = staging / "pom.xml"
        pom.write_text((resources.files("ownergraph.graph") / "_server" / "pom.xml").read_text())
        env = {**os.environ, "JAVA_HOME": str(java.parent.parent)}
        fetch = subprocess.run(
            [mvn, "-B", "-q", "-f", str(pom), "dependency:copy-dependencies",
             f"-DoutputDirectory={staging / 'lib'}", f"-Dneo4j.version={self.settings.neo4j_version}"],
            capture_output=True, text=True, env=env,
        )
        if fetch.returncode != 0:
            tail = (fetch.stdout + fetch.stderr)[-1500:]
            raise Neo4jUnavailable(
                f"could not fetch Neo4j {self.settings.neo4j_version} from Maven Central:\n{tail}\n" + ALTERNATIVES
            )

    # -- process bookkeeping ----------------------------------------------------------
    def _read_pid(self) -> int | None:
        try:
            return int(self.pid_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def _is_ours(self, pid: int) -> bool:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return False
        return LAUNCHER.encode() in cmdline and str(self.root).encode() in cmdline

    def _port_open(self) -> bool:
        with socket.socket() as s:
            s.settimeout(0.5)
            return s.connect_ex(("127.0.0.1", self.settings.neo4j_port)) == 0

    def _version(self) -> str:
        if self.console_log.is_file():
            for line in reversed(self.console_log.read_text(errors="replace").splitlines()):
                if line.startswith("READY "):
                    return line.split()[1]
        return self.settings.neo4j_version

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        (self.root / "run").mkdir(parents=True, exist_ok=True)
        with open(self.root / "run" / "lock", "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def status(self) -> ServerStatus:
        pid = self._read_pid()
        running = pid is not None and self._is_ours(pid) and self._port_open()
        return ServerStatus(running, self.uri, self._version(), pid if running else None, str(self.root))

    # -- lifecycle --------------------------------------------------------------------
    def _write_conf(self) -> None:
        port = self.settings.neo4j_port
        logs = self.root / "logs"
        self.conf.parent.mkdir(parents=True, exist_ok=True)
        self.conf.write_text(
            "# Written by `ownergraph neo4j start` from ownergraph settings; edits are overwritten.\n"
            "server.bolt.enabled=true\n"
            f"server.bolt.listen_address=127.0.0.1:{port}\n"
            f"server.bolt.advertised_address=127.0.0.1:{port}\n"
            "server.http.enabled=false\n"
            "server.https.enabled=false\n"
            "dbms.security.auth_enabled=true\n"
            "dbms.usage_report.enabled=false\n"
            f"server.memory.pagecache.size={self.settings.neo4j_pagecache}\n"
            "db.tx_log.rotation.retention_policy=2 files\n"
            f"server.directories.logs={logs}\n"
            f"server.directories.plugins={self.plugins}\n"
        )

    def _place_plugin(self) -> None:
        """The current plugin jar in the server's plugins/ folder, as on a self-managed server;
        jars of other ownergraph builds go (Neo4j refuses two jars registering one procedure)."""
        self.plugins.mkdir(parents=True, exist_ok=True)
        built = self.plugin_jar
        for old in self.plugins.glob("ownergraph-procedures-*.jar"):
            old.unlink()
        shutil.copy2(built, self.plugins / built.name)

    def _private_folders(self) -> None:
        """Data, logs, conf (credentials) and run: readable by this user only (0700), also when
        an earlier version or a umask made them wider."""
        for folder in (self.root, self.root / "data", self.root / "logs", self.root / "conf", self.root / "run"):
            folder.mkdir(parents=True, exist_ok=True)
            folder.chmod(0o700)

    def start(self, timeout_s: float = 180.0) -> ServerStatus:
        """Start the server unless it already runs; recover from a stale pid file."""
        with self._lock():
            current = self.status()
            if current.running:
                return current
            recovered = False
            pid = self._read_pid()
            if pid is not None:
                # A pid file without our live server: the JVM crashed or the machine rebooted.
                if self._is_ours(pid):
                    self._terminate(pid)
                self.pid_file.unlink(missing_ok=True)
                recovered = True
            if self._port_open():
                raise Neo4jUnavailable(
                    f"port {self.settings.neo4j_port} is taken by another process; set "
                    "OWNERGRAPH_NEO4J_PORT to a free port, or NEO4J_URI to use that server"
                )
            runtime = self.install()
            java = Path((runtime / "java").read_text().strip())
            if not java.exists():
                java = find_java()
            self._private_folders()
            self._write_conf()
            self._place_plugin()
            if not self.credentials_file.is_file():
                password = secrets.token_urlsafe(18)
                (self.root / "conf" / "initial-password").write_text(password)
                self.credentials_file.write_text(json.dumps({"user": "neo4j", "password": password}))
                self.credentials_file.chmod(0o600)
            self.console_log.parent.mkdir(parents=True, exist_ok=True)
            heap = self.settings.neo4j_heap
            cmd = [
                str(java), "-Xms256m", f"-Xmx{heap}", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError",
                "-Dfile.encoding=UTF-8",
                "-cp", f"{self.build / 'classes'}{os.pathsep}{runtime / 'lib' / '*'}",
                LAUNCHER, str(self.root),
            ]
            t0 = time.monotonic()
            with open(self.console_log, "w") as log:
                proc = subprocess.Popen(
                    cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    start_new_session=True, cwd=self.root,
                )
            self.pid_file.write_text(f"{proc.pid}\n")
            while time.monotonic() - t0 < timeout_s:
                if proc.poll() is not None:
                    self.pid_file.unlink(missing_ok=True)
                    tail = self.console_log.read_text(errors="replace")[-2000:]
                    raise Neo4jUnavailable(f"Neo4j exited during start (code {proc.returncode}):\n{tail}")
                if "READY " in self.console_log.read_text(errors="replace") and self._port_open():
                    status = self.status()
                    return ServerStatus(**{**status.as_dict(), "recovered_stale_pid": recovered,
                                           "started_in_s": round(time.monotonic() - t0, 2)})
                time.sleep(0.2)
            self._terminate(proc.pid)
            self.pid_file.unlink(missing_ok=True)
            raise Neo4jUnavailable(f"Neo4j did not become ready within {timeout_s:.0f}s; see {self.console_log}")

    def _terminate(self, pid: int, grace_s: float = 60.0) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            if not _alive(pid):
                return
            time.sleep(0.2)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        while _alive(pid):
            time.sleep(0.1)

    def stop(self) -> bool:
        """Stop the server; True when one was running. Leaves no JVM behind."""
        with self._lock():
            pid = self._read_pid()
            was_running = pid is not None and self._is_ours(pid)
            if was_running and pid is not None:
                self._terminate(pid)
            self.pid_file.unlink(missing_ok=True)
            return was_running


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child of ours counts as gone.
    with contextlib.suppress(OSError, ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    try:
        return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") < 0
    except OSError:
        return False
