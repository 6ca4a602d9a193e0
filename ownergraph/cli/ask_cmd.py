"""``ownergraph ask`` (cited answers) and ``ownergraph eval`` (the evaluation harness)."""

from __future__ import annotations

from pathlib import Path

import click

from ownergraph.cli._output import echo_lines, emit, json_option
from ownergraph.cli._text import wrap
from ownergraph.cli.analytics_cmd import claims_option


@click.command("ask")
@click.argument("question")
@click.option("--as-of", help="Valid time (YYYY-MM-DD); default today.")
@click.option("--known-at", help="Knowledge time (YYYY-MM-DD or ISO datetime); default now.")
@click.option("--budget", default="medium", show_default=True,
              help="Evidence token budget: low (1,000), medium (4,000), high (10,000) or a number.")
@click.option("--picture", type=click.Path(path_type=Path), help="Write the answer's subgraph (PNG/SVG).")
@claims_option
@json_option
def ask_cmd(question: str, as_of: str | None, known_at: str | None, budget: str, picture: Path | None,
            as_json: bool) -> None:
    """Ask a question in words; the answer cites numbered graph and text sources."""
    if not (budget.isdigit() or budget in ("low", "medium", "high")):
        raise click.BadParameter("low, medium, high or a number of tokens", param_hint="--budget")
    from ownergraph.retrieval.api import connect

    client = connect()
    answer = client.ask(question, as_of=as_of, known_at=known_at,
                        budget=int(budget) if budget.isdigit() else budget)
    if picture:
        answer.picture(picture)
    if as_json:
        emit(answer.as_dict(), True)
        return
    lines = [wrap(answer.text), ""] + [wrap(f"[{s.number}] {s.label}") for s in answer.citations]
    if answer.assumptions:
        lines.append(wrap("Assumptions: " + "; ".join(answer.assumptions)))
    lines += [wrap(notice) for notice in getattr(answer, "notices", ())]
    lines.append(f"({answer.timings.get('total', 0):.0f} ms; pattern {answer.question.pattern}, "
                 f"parser {answer.question.parser})")
    echo_lines(lines)
