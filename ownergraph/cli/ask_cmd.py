"""``ownergraph ask`` (cited answers) and ``ownergraph eval`` (the evaluation harness)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ownergraph.cli.output import echo_lines, emit, json_option
from ownergraph.cli.text import wrap
from ownergraph.cli.analytics_cmd import claims_option

LLM_REQUIRED_EXIT = 3  # the answer was given, but not with the LLM that --require-llm asked for
CANNOT_ANSWER_EXIT = 4  # no analytic answers the question as read: the reading and rephrasings were printed


@click.command("ask")
@click.argument("question")
@click.option("--as-of", help="Valid time (YYYY-MM-DD); default today.")
@click.option("--known-at", help="Knowledge time (YYYY-MM-DD or ISO datetime); default now.")
@click.option("--budget", default="medium", show_default=True,
              help="Evidence token budget: low (1,000), medium (4,000), high (10,000) or a number.")
@click.option("--picture", type=click.Path(path_type=Path), help="Write the answer's subgraph (PNG/SVG).")
@click.option("--require-llm", is_flag=True,
              help=f"Exit {LLM_REQUIRED_EXIT} (after printing the answer) unless an LLM is configured and "
                   "every call to it succeeded.")
@claims_option
@json_option
def ask_cmd(question: str, as_of: str | None, known_at: str | None, budget: str, picture: Path | None,
            require_llm: bool, as_json: bool) -> None:
    """Ask a question in words; the answer cites numbered graph and text sources.

    A question no analytic answers prints how it was read and two or three rephrasings that
    would run ("I read this as: ... I can answer: ..."), and exits 4.

    With an LLM configured (OPENAI_API_KEY, OPENAI_BASE_URL) a failed call never fails the
    answer: the deterministic parser answers and the answer says so in one line."""
    if not (budget.isdigit() or budget in ("low", "medium", "high")):
        raise click.BadParameter("low, medium, high or a number of tokens", param_hint="--budget")
    from ownergraph.retrieval.api import connect

    client = connect()
    answer = client.ask(question, as_of=as_of, known_at=known_at,
                        budget=int(budget) if budget.isdigit() else budget)
    if picture:
        answer.picture(picture)
    missing = None
    if require_llm:
        missing = ("no LLM is configured (set OPENAI_API_KEY)" if client.llm is None
                   else f"the LLM call failed ({answer.llm_unavailable})" if answer.llm_unavailable else None)
    if as_json:
        emit(answer.as_dict() | ({"llm_required": missing} if missing else {}), True)
    else:
        _print(answer)
    if missing:
        click.echo(f"ownergraph: --require-llm: {missing}", err=True)
        raise click.exceptions.Exit(LLM_REQUIRED_EXIT)
    if not answer.answered:
        raise click.exceptions.Exit(CANNOT_ANSWER_EXIT)


def _print(answer: Any) -> None:  # retrieval.api.Answer (imported lazily: not at --help)
    lines = [wrap(answer.text), ""] + [wrap(f"[{s.number}] {s.label}") for s in answer.citations]
    if answer.assumptions:
        lines.append(wrap("Assumptions: " + "; ".join(answer.assumptions)))
    lines += [wrap(notice) for notice in getattr(answer, "notices", ())]
    lines.append(f"({answer.timings.get('total', 0):.0f} ms; pattern {answer.question.pattern}, "
                 f"as of {answer.dates['as_of']}, known at {answer.dates['known_at'][:19]}, "
                 f"parser {answer.question.parser})")
    echo_lines(lines)
