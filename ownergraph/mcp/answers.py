"""From an analytic's result to a :class:`ToolAnswer`: arguments checked, rows cut to the
limit (and the cut named), citations gathered, abstentions typed. Nothing here reads the
graph: the tools call the analytics, this module only reads what they return."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ownergraph.domain.clock import make_clock
from ownergraph.domain.errors import EntityNotFound, OwnergraphError
from ownergraph.mcp.models import Abstention, ArgumentError, Citation, ErrorCode, Limits, ToolAnswer

DEFAULT_LIMIT = 100  # rows of the result's main list (and citations) per answer
MAX_LIMIT = 1000
_PROVENANCE = ("source_record_id", "document_id", "statement_id")


class ToolRefusal(OwnergraphError):
    """A tool call refused before or while answering: names the argument to change."""

    def __init__(self, argument: str | None, code: ErrorCode, message: str,
                 candidates: list[str] | None = None) -> None:
        super().__init__(message)
        self.error = ArgumentError(argument=argument, code=code, message=message, candidates=candidates or [])


@dataclass(frozen=True)
class Spec:
    """How to read one tool's result: its main list, and whether it holds an answer."""

    name: str
    rows_key: str | None
    found: Callable[[dict[str, Any]], bool]


# -- arguments ------------------------------------------------------------------------------
def check_clock(as_of: str | None, known_at: str | None) -> tuple[str, str]:
    """Both clocks as ISO text (defaults: today, now); a value that is not a date names its argument."""
    for name, value in (("as_of", as_of), ("known_at", known_at)):
        try:
            make_clock(value if name == "as_of" else None, value if name == "known_at" else None)
        except (TypeError, ValueError) as err:
            raise ToolRefusal(name, "not_a_date", f"{name}: {value!r} is not an ISO date "
                              f"(YYYY-MM-DD{' or an ISO datetime' if name == 'known_at' else ''}): {err}") from err
    if as_of is not None and "T" in as_of:
        raise ToolRefusal("as_of", "not_a_date", f"as_of: {as_of!r} is a datetime; valid time is a date (YYYY-MM-DD)")
    clock = make_clock(as_of, known_at)
    return clock.as_of.isoformat(), clock.known_at.isoformat()


def check_range(name: str, value: int, low: int, high: int) -> int:
    if value > high:
        raise ToolRefusal(name, "too_large", f"{name}: {value} is over the most this server reads ({high})")
    if value < low:
        raise ToolRefusal(name, "too_small", f"{name}: {value} is under {low}")
    return value


def check_date(name: str, value: str) -> str:
    try:
        return make_clock(value).as_of.isoformat()
    except (TypeError, ValueError) as err:
        raise ToolRefusal(name, "not_a_date", f"{name}: {value!r} is not an ISO date (YYYY-MM-DD)") from err


def entity_refusal(err: EntityNotFound, arguments: Mapping[str, Any]) -> ToolRefusal:
    """Unknown or ambiguous mention -> a refusal naming the argument that held it."""
    items = arguments.items()
    argument = (next((k for k, v in items if v == err.mention or (isinstance(v, list) and err.mention in v)), None)
                or next((k for k, v in items if isinstance(v, str) and err.mention in v), "entity"))
    code: ErrorCode = "ambiguous" if err.ambiguous else "not_in_graph"
    return ToolRefusal(argument, code, f"{argument}: {err}", list(err.candidates))


# -- answers --------------------------------------------------------------------------------
def citations_of(obj: Any, out: dict[tuple[Any, ...], Citation] | None = None) -> dict[tuple[Any, ...], Citation]:
    """Every stored fact with provenance anywhere in a result, once each, in order of reading."""
    out = {} if out is None else out
    if isinstance(obj, dict):
        if any(obj.get(k) for k in _PROVENANCE):
            ident = (obj.get("statement_id"), obj.get("source_record_id"), obj.get("document_id"),
                     obj.get("source"), obj.get("target"))
            if ident not in out:
                out[ident] = Citation.model_validate({k: _text(obj.get(k)) for k in Citation.model_fields})
        for value in obj.values():
            citations_of(value, out)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            citations_of(value, out)
    return out


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def abstentions_of(result: dict[str, Any], found: bool, as_of: str) -> list[Abstention]:
    out: list[Abstention] = []
    if result.get("depth_limit_reached") or _warned(result, "depth_limit"):
        out.append(Abstention(reason="depth_limit_reached", message="entities past the depth limit were not "
                              "read: the answer is a lower bound (raise max_depth)", argument="max_depth"))
    if _warned(result, "reporting_exception") or any(
            isinstance(result.get(lv), dict) and result[lv].get("status") == "exception"
            for lv in ("direct", "ultimate")):
        out.append(Abstention(reason="reporting_exception", message="a reporting exception says a parent exists "
                              "that the source does not publish"))
    if not found:
        out.append(Abstention(reason="no_relationship_as_of", message=f"the graph holds no such relationship "
                              f"as of {as_of} (at the knowledge time given)", argument="as_of"))
    return out


def _warned(result: dict[str, Any], code: str) -> bool:
    return any(isinstance(w, dict) and w.get("code") == code for w in result.get("warnings") or ())


def cut_rows(result: dict[str, Any], key: str | None, limit: int) -> tuple[dict[str, Any], int | None]:
    """The result with its main list cut to ``limit`` rows, and how many there were."""
    rows = result.get(key) if key else None
    if not isinstance(rows, list):
        return result, None
    return ({**result, key: rows[:limit]} if len(rows) > limit else result), len(rows)


def answer(spec: Spec, arguments: dict[str, Any], clock: tuple[str, str], result: dict[str, Any], *,
           limit: int, timeout_s: float, max_depth: int | None = None,
           extra: list[Abstention] | None = None, citations: list[Citation] | None = None) -> ToolAnswer:
    found = spec.found(result)
    cut, total = cut_rows(result, spec.rows_key, limit)
    cited = citations if citations is not None else list(citations_of(result).values())
    limits = Limits(row_limit=limit, rows_total=total, rows_returned=None if total is None else min(total, limit),
                    rows_truncated=bool(total and total > limit), citations_total=len(cited),
                    citations_truncated=len(cited) > limit, max_depth=max_depth, query_timeout_s=timeout_s)
    return ToolAnswer(tool=spec.name, arguments=arguments, as_of=clock[0], known_at=clock[1], answered=found,
                      abstentions=abstentions_of(result, found, clock[0]) + (extra or []),
                      citations=cited[:limit], limits=limits, result=cut)


def refused(tool: str, arguments: dict[str, Any], refusal: ToolRefusal) -> ToolAnswer:
    """The answer to a call that could not be answered: the error, and the abstention it means."""
    err = refusal.error
    abstain = [Abstention(reason=err.code, message=err.message, argument=err.argument, candidates=err.candidates)
               ] if err.code in ("not_in_graph", "ambiguous") else []
    return ToolAnswer(tool=tool, arguments=arguments, answered=False, abstentions=abstain, error=err)
