"""``ownergraph eval``: graph RAG vs vector-only RAG on a generated world with known answers."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ownergraph.cli._output import console

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
@click.option("--no-real", is_flag=True, help="Leave out the hand-checked questions on the real GLEIF sample.")
@click.option("--top-k", type=int, default=5, show_default=True, help="Chunks the vector baseline retrieves.")
@click.option("--json", "as_json", is_flag=True, help="Also print the per-family table as JSON.")
def eval_cmd(entities: int, seed: int, world_dir: Path | None, out_json: Path, no_ingest: bool, no_real: bool,
             top_k: int, as_json: bool) -> None:
    """Evaluate question answering: per family, graph RAG against a vector-only baseline."""
    from ownergraph.graph.connection import connect
    from ownergraph.demo import world_inputs
    from ownergraph.graph.pipeline import ingest_paths
    from ownergraph.worldgen import generate_world
    from ownergraph.evaluation import render_table, run_eval

    out = console()
    if not no_real and not _REAL.is_dir():
        from ownergraph.ingest.errors import ConfigError

        raise ConfigError(f"the hand-checked real questions need {_REAL} (a source checkout's examples/real): "
                          "run from a checkout or pass --no-real")
    world = world_dir or Path("out") / f"eval-world-{entities}-{seed}"
    if not (world / "ground_truth.jsonl").exists():
        out.print(f"generating a world of {entities} entities (seed {seed}) in {world}")
        generate_world(entities, seed, world)
    graph = connect()
    if not no_ingest:
        inputs = world_inputs(world)
        if not no_real:
            inputs += [_REAL / name for name in _REAL_GLEIF if (_REAL / name).exists()]
        summary = ingest_paths(graph, inputs)
        out.print(f"ingested {summary.totals.get('read', 0)} records "
                  f"({summary.totals.get('loaded', 0)} loaded, {summary.totals.get('merged', 0)} already there)")
    report = run_eval(graph, world_dir=world, out_json=out_json, seed=seed, real=not no_real, k=top_k,
                      say=lambda s: out.print(s, markup=False, highlight=False))
    click.echo(render_table(report))
    if as_json:
        click.echo(json.dumps({"table": report.table, "overall": report.overall, "seconds": report.seconds},
                              indent=1))
    out.print(f"report: {out_json} ({report.seconds.get('total', 0):.0f} s)")


__all__ = ["eval_cmd"]
