"""ownergraph's Neo4j procedures as a plugin jar, and whether a server offers the current one.

The jar holds ``_server/OwnergraphProcedures.java`` compiled (``--release 17``) against the
Neo4j 5.26 jars of the local runtime, plus ``ownergraph-plugin.properties`` naming the
ownergraph release and a digest of those sources. A self-managed server (each member of a
cluster) loads it from its ``plugins/`` folder; the project-managed launcher loads the same jar
the same way. ownergraph uses the procedures only when ``ownergraph.version()`` answers with
this package's release and digest: a jar of another build is ignored, and a server without one
(Aura, a server nobody installed it on) runs the Cypher engine, as it always could.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import Neo4jUnavailable

SOURCE = "OwnergraphProcedures.java"
PROPERTIES = "ownergraph-plugin.properties"
PREFIX = "ownergraph."  # the namespace of every procedure the jar registers
VERSION_PROCEDURE = "ownergraph.version"
log = logging.getLogger("ownergraph.plugin")


def package_version() -> str:
    return metadata.version("ownergraph")


def sources_digest() -> str:
    """Which procedure sources a jar must be built from to be used by this package."""
    text = (resources.files("ownergraph.graph") / "_server" / SOURCE).read_bytes()
    return hashlib.sha256(text).hexdigest()[:16]


def jar_name() -> str:
    return f"ownergraph-procedures-{package_version()}.jar"


def _javac(java: Path) -> Path:
    beside = java.parent / "javac"
    found = beside if beside.is_file() else Path(shutil.which("javac") or "")
    if not found.is_file():
        raise Neo4jUnavailable(f"a JDK (javac) is needed beside {java} to build ownergraph's Neo4j plugin")
    return found


def build_plugin(lib: Path, out_dir: Path, java: Path) -> Path:
    """Compile the procedures against the Neo4j jars in ``lib`` into ``out_dir/<jar_name()>``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / jar_name()
    with tempfile.TemporaryDirectory(prefix="ownergraph-plugin-") as tmp:
        work = Path(tmp)
        source = work / SOURCE
        source.write_bytes((resources.files("ownergraph.graph") / "_server" / SOURCE).read_bytes())
        classes = work / "classes"
        classes.mkdir()
        build = subprocess.run(
            [str(_javac(java)), "--release", "17", "-d", str(classes), "-cp", str(lib / "*"), str(source)],
            capture_output=True, text=True,
        )
        if build.returncode != 0:
            raise Neo4jUnavailable(f"could not compile ownergraph's Neo4j procedures:\n{build.stderr[-1500:]}")
        partial = target.with_name(target.name + ".partial")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as jar:
            jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nCreated-By: ownergraph\r\n\r\n")
            jar.writestr(PROPERTIES, f"version={package_version()}\nsources={sources_digest()}\n")
            for path in sorted(classes.rglob("*.class")):
                jar.write(path, path.relative_to(classes).as_posix())
        partial.replace(target)  # a server scanning the folder never sees half a jar
    return target


@dataclass(frozen=True)
class PluginStatus:
    """What a server said about ownergraph's plugin when ownergraph connected."""

    used: bool  # the current build answers: contagion runs on the server
    found: str | None  # "<version> (sources <digest>)" of the server's plugin, None without one
    note: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


Read = Callable[[str], list[dict[str, Any]]]


def detect(read: Read) -> tuple[frozenset[str], PluginStatus]:
    """The procedures ownergraph may call on this server and what was found. ownergraph's own
    count only when ``ownergraph.version()`` reports this package's release and sources."""
    names = frozenset(r["name"] for r in read("procedures"))
    own = frozenset(n for n in names if n.startswith(PREFIX))
    wanted = f"{package_version()} (sources {sources_digest()})"
    if not own:
        return names, PluginStatus(False, None, "no ownergraph plugin on the server: the Cypher engine runs")
    if VERSION_PROCEDURE not in own:
        status = PluginStatus(False, "unversioned", f"the server's ownergraph procedures predate "
                              f"{VERSION_PROCEDURE}(); they are not used (want {wanted})")
    else:
        row = read("plugin_version")[0]
        found = f"{row['version']} (sources {row['sources']})"
        if found == wanted:
            return names, PluginStatus(True, found, "ownergraph plugin in use")
        status = PluginStatus(False, found, f"the server's ownergraph plugin is {found}, this package wants "
                              f"{wanted}: its procedures are not used; install the jar that "
                              "`ownergraph neo4j plugin --out DIR` builds")
    log.warning(status.note)
    return names - own, status
