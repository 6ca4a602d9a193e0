"""``ownergraph eval``: graph RAG vs vector-only RAG on a generated world with known answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ownergraph.cli.output import console

_REAL = Path(__file__).resolve().parents[2] / "examples" / "real"
_REAL_GLEIF = ("lei-data.xml", "rr-data.xml", "repex-data.xml")


@click.command("eval")
@click.option("--entities", type=int, default=1500, show_default=True, help="Size of the generated world.")
@click.option("--seed", type=int, default=7, show_default=True, help="World generator seed.")
@click.option("--world", "world_dir", type=click.Path(path_type=Path), default=None,
              help="World directory (generated there unless it already holds a ground truth). "
                   "Default: out/eval-world-<entities>-<seed>.")
@click.option("--out", "out_json", type=click.Path(path_type=Path), default=Path("out/eval.json"),
              show_default=True, help="Where the JSON report goes.")
@click.option("--no-ingest", is_flag=True, help="The graph already holds this world: skip loading it.")
@click.option("--no-real", is_flag=True, help="Leave out the real questions (the real-question suite and the hand-checked GLEIF ones).")
@click.option("--top-k", type=int, default=5, show_default=True, help="Chunks the vector baseline retrieves.")
@click.option("--real", "real_only", is_flag=True,
              help="Only the real-question suite (questions read off real public files), not the generated world.")
@click.option("--wipe", is_flag=True, help="A configured NEO4J_URI database that holds data may be emptied.")
@click.option("--json", "as_json", is_flag=True, help="Print the per-family table as JSON (progress goes to stderr).")
def eval_cmd(entities: int, seed: int, world_dir: Path | None, out_json: Path, no_ingest: bool, no_real: bool,
             top_k: int, real_only: bool, wipe: bool, as_json: bool) -> None:
    """Evaluate question answering: per family, graph RAG against a vector-only baseline, and
    per class on the real-question suite. Runs on a database of its own (see eval_graph)."""
    from ownergraph.evaluation.real_store import eval_graph, release_eval_store
    from ownergraph.evaluation.real import render_real_table, run_real
    from ownergraph.evaluation.real_store import wipe as wipe_graph
    from ownergraph.demo import world_inputs
    from ownergraph.graph.load.pipeline import ingest_paths
    from ownergraph.worldgen import generate_world
    from ownergraph.evaluation import render_table, run_eval

    out = console(stderr=as_json)  # with --json, stdout holds the JSON document only
    graph = eval_graph(allow_wipe=wipe)
    click.get_current_context().call_on_close(lambda: release_eval_store(graph))
    real_report = None

    def real_suite() -> Any:  # it empties the store per file set: before the world is loaded
        path = out_json if real_only else out_json.with_name(out_json.stem + "-real.json")
        report = run_real(graph, out_json=path)
        out.print(f"real-question report: {path}")
        if not as_json:
            click.echo(render_real_table(report))
        return report

    if not no_real and not (no_ingest and not real_only):
        real_report = real_suite()
    if real_only:
        if as_json and real_report is not None:
            click.echo(json.dumps({"real": {"table": real_report.table, "overall": real_report.overall}}, indent=1))
        return
    if not no_real and not _REAL.is_dir():
        from ownergraph.domain.errors import ConfigError

        raise ConfigError(f"the hand-checked real questions need {_REAL} (a source checkout's examples/real): "
                          "run from a checkout or pass --no-real")
    world = world_dir or Path("out") / f"eval-world-{entities}-{seed}"
    if not (world / "ground_truth.jsonl").exists():
        out.print(f"generating a world of {entities} entities (seed {seed}) in {world}")
        generate_world(entities, seed, world)
    if not no_ingest:
        wipe_graph(graph)
        inputs = world_inputs(world)
        if not no_real:
            inputs += [_REAL / name for name in _REAL_GLEIF if (_REAL / name).exists()]
        summary = ingest_paths(graph, inputs)
        out.print(f"ingested {summary.totals.get('read', 0)} records "
                  f"({summary.totals.get('loaded', 0)} loaded, {summary.totals.get('merged', 0)} already there)")
    report = run_eval(graph, world_dir=world, out_json=out_json, seed=seed, real=not no_real, k=top_k,
                      say=lambda s: out.print(s, markup=False, highlight=False))
    if not as_json:
        click.echo(render_table(report))
    if not no_real and real_report is None:  # --no-ingest: the world was the store's; the suite comes after
        real_report = real_suite()
    if as_json:
        real_part = {} if real_report is None else {"real": {"table": real_report.table,
                                                             "overall": real_report.overall}}
        click.echo(json.dumps({"table": report.table, "overall": report.overall, "seconds": report.seconds,
                               **real_part}, indent=1))
    out.print(f"report: {out_json} ({report.seconds.get('total', 0):.0f} s)")


__all__ = ["eval_cmd"]
