"""The example bundle's names as a gazetteer, read straight from its file: the parser's tests
read mentions by the graph's own names without a server (the names are what
``cypher/retrieval/question_names.cypher`` returns once the bundle is loaded: name, LEI, aliases,
identifiers)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord

BUNDLE = Path(__file__).resolve().parents[3] / "examples" / "bundle" / "example.bundle.jsonl"


@cache
def bundle_gazetteer() -> Gazetteer:
    records = []
    for line in BUNDLE.read_text(encoding="utf-8").splitlines():
        row = json.loads(line) if line.strip() else {}
        if row.get("type") != "entity":
            continue
        names = [row["name"], row.get("lei"), *(a["name"] for a in row.get("aliases", ())),
                 *(i["value"].split(":")[-1] for i in row.get("identifiers", ()))]
        records.append(NameRecord(row.get("lei") or row["id"], row["name"], tuple(n for n in names if n)))
    return Gazetteer.build(records)


def keys_of(g: Gazetteer, mention: str) -> frozenset[str]:
    """The entity keys a mention names: itself when it is a key, else the names found in it."""
    if mention in g.names:
        return frozenset({mention})
    return frozenset(k for h in g.find(mention) for k in h.keys)


def family_keys(g: Gazetteer, mention: str) -> frozenset[str]:
    """"the Petrov family": the persons whose surname starts with the family's name (Petrov,
    Petrova), as the graph's family lookup finds them."""
    stem = mention.split()[-2 if mention.lower().endswith(("family", "clan")) else -1].casefold()
    return frozenset(k for k, name in g.names.items() if name.split()[-1].casefold().startswith(stem))
