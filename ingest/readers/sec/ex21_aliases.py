"""The other names an Exhibit 21 row states ("(fka …)", "(renamed …)", "(d/b/a …)") as the
subsidiary's aliases: shared by the single-exhibit reader and the Exhibit 21 of a full
submission, so a row loads the same names read either way."""

from __future__ import annotations

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Alias
from ownergraph.ingest.readers.sec.ex21_names import other_names
from ownergraph.ingest.readers.sec.ex21_table import Row, owned_by

_ALIAS_KINDS = {"former": AliasKind.PREVIOUS, "now": AliasKind.LEGAL, "dba": AliasKind.TRADING}


def row_aliases(rows: list[Row]) -> dict[str, tuple[Alias, ...]]:
    """Per row (by locator), the other names it states in brackets as aliases, and the row's name
    as written with them; a row that is such a bracket alone gives them to the row above."""
    out: dict[str, tuple[Alias, ...]] = {}
    last = None
    for loc, name, *_ in rows:
        written = owned_by(name)[0]
        bare, others = other_names(written)
        found = tuple(Alias(scheme=AliasScheme.NAME, value=other, kind=_ALIAS_KINDS[kind]) for kind, other in others)
        if others and bare.strip(" ."):  # the name as the list writes it, its other names in it, as well
            found += (Alias(scheme=AliasScheme.NAME, value=written, kind=AliasKind.LEGAL),)
        if not bare.strip(" .") and last is not None:
            out[last] += found
            continue
        out[loc], last = found, loc
    return out


__all__ = ["row_aliases"]
