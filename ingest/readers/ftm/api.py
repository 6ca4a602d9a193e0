"""OpenSanctions API (yente) responses: the FtM entities inside each documented response shape.

Shapes (yente ``yente/data/common.py``, api.opensanctions.org):
- ``/search/{dataset}`` (``SearchResponse``): ``{"results": [entity...], "total": {"value",
  "relation"}, "limit", "offset", "facets"}``; ``/entities/{id}/adjacent/{prop}`` has the same
  envelope (its ``results`` may be bare ids);
- ``/match/{dataset}`` (``EntityMatchResponse``): ``{"responses": {query id: {"status", "query",
  "results": [scored entity...], "total"}}, "matcher", "limit"}``; a scored entity adds
  ``score``, ``features`` and ``match``, which are the matcher's opinion, not facts: they go into
  the locator as a note. ``query`` is the example searched for, not an entity;
- ``/entities/{id}`` (``EntityResponse``): one entity whose property values may be entity objects
  (read by :mod:`ingest.readers.ftm.nested`);
- ``/entities/{id}/adjacent`` (``EntityAdjacentResponse``): ``{"entity": entity, "adjacent":
  {property: {"results": [...], "total", "limit", "offset"}}}``; an entity carrying ``adjacent``
  beside its own keys (a client's merge of the two) is read the same way.
Anything else is passed through unchanged (an entity, a delta line) for the reader to judge.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ownergraph.ingest.readers.base import quarantine
from ownergraph.ingest.readers.ftm.nested import linked_entities

Item = tuple[str, Any]  # (locator, entity dict, or a Quarantined saying why a part is not read)


def is_response(obj: Any) -> bool:
    """Whether ``obj`` is one of yente's response envelopes (not an entity or a delta line)."""
    if not isinstance(obj, dict):
        return False
    if "adjacent" in obj and ("entity" in obj or obj.get("id")):
        return True
    return not obj.get("id") and "op" not in obj and ("responses" in obj or "results" in obj)


def response_entities(path: Path, loc: str, obj: Any) -> Iterator[Item]:
    """``(locator, entity)`` of each entity a response holds; ``(loc, obj)`` for anything else."""
    if not is_response(obj):
        yield loc, obj
    elif "responses" in obj:
        yield from _match(path, loc, obj["responses"])
    elif "adjacent" in obj:
        yield from _adjacent(path, loc, obj)
    else:
        yield from _results(path, loc, obj.get("results"), "")


def _results(path: Path, loc: str, results: Any, note: str) -> Iterator[Item]:
    if not isinstance(results, list):
        yield loc, quarantine(path, loc, "results", "yente response: results is not a list of entities",
                              repr(results)[:200])
        return
    for i, ent in enumerate(results):
        where = f"{loc}.results[{i}]"
        if isinstance(ent, str):  # an adjacent/{prop} page lists ids where it does not expand the entity
            yield where, quarantine(path, where, "results", "result is an id only, the entity is not in the file", ent)
            continue
        if isinstance(ent, dict) and ("score" in ent or "match" in ent):
            said = ", ".join(f"{k} {ent[k]}" for k in ("score", "match") if k in ent)
            where += f" (yente match{note}: {said})"
        yield where, ent


def _match(path: Path, loc: str, responses: Any) -> Iterator[Item]:
    if not isinstance(responses, dict):
        yield loc, quarantine(path, loc, "responses", "yente match response: responses is not an "
                              "object of query id -> results", repr(responses)[:200])
        return
    for qid, answer in responses.items():
        where = f"{loc}.responses.{qid}"
        if not isinstance(answer, dict) or "results" not in answer:
            yield where, quarantine(path, where, "results", "yente match response without results "
                                    f"(status {answer.get('status') if isinstance(answer, dict) else None})",
                                    repr(answer)[:200])
            continue
        yield from _results(path, where, answer["results"], f" for query {qid}")


def _adjacent(path: Path, loc: str, obj: dict[str, Any]) -> Iterator[Item]:
    """The entity, then each adjacent result as the entity nested under that property would be."""
    ent = obj["entity"] if "entity" in obj else {k: v for k, v in obj.items() if k != "adjacent"}
    where = f"{loc}.entity" if "entity" in obj else loc
    yield where, ent
    adjacent = obj["adjacent"]
    if not isinstance(ent, dict) or not ent.get("id") or not isinstance(adjacent, dict):
        yield f"{loc}.adjacent", quarantine(path, f"{loc}.adjacent", "adjacent", "yente adjacent response "
                                            "without an entity id or an object of property -> results",
                                            repr(adjacent)[:200])
        return
    links: dict[str, list[Any]] = {}
    for prop, block in adjacent.items():
        results = block.get("results") if isinstance(block, dict) else block
        if not isinstance(results, list):
            yield f"{loc}.adjacent.{prop}", quarantine(path, f"{loc}.adjacent.{prop}", "results",
                                                       "adjacent results is not a list", repr(block)[:200])
            continue
        links[prop] = results
        for i, r in enumerate(results):
            if not (isinstance(r, dict) and r.get("id") and isinstance(r.get("schema"), str)):
                # yente gives an id where it does not expand the entity
                why = ("an id only, the entity is not in the file" if isinstance(r, str)
                       else "not an entity (needs id and schema)")
                yield (f"{loc}.adjacent.{prop}[{i}]",
                       quarantine(path, f"{loc}.adjacent.{prop}[{i}]", prop, f"adjacent result is {why}",
                                  repr(r)[:200]))
    # one level: the reader reads what each of these nests itself; a link without a time of its
    # own (an implied one) is known when the entity it hangs off is
    times = {k: ent[k] for k in ("last_change", "first_seen") if ent.get(k)}
    for where, linked in linked_entities(str(ent["id"]), links, f"{loc}.adjacent", deep=False):
        yield where, linked if any(linked.get(k) for k in times) else {**linked, **times}
