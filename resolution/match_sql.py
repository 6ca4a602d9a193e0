"""The SQL of the name comparisons in two dialects: DuckDB and Spark SQL.

One set of predicates (see ``_splink`` for what each level means), written once with
placeholders for the few spellings that differ: DuckDB's ``jaro_winkler_similarity``,
``regexp_matches``, ``//``, ``len`` and ``list_filter(l, lambda x: ...)`` are splink's Spark
jar functions ``jaro_winkler`` / ``damerau_levenshtein`` and Spark's ``RLIKE``, ``div``,
``size`` and ``filter(l, x -> ...)``. DuckDB gets the token tests as macros (bound once per
connection); Spark has no macros, so they are inlined.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Engine = Literal["duckdb", "spark"]
ENGINES: tuple[Engine, ...] = ("duckdb", "spark")

# a token matches another when equal, or (4+ letters, no digits) close enough:
# typo: Jaro-Winkler >= 0.92, or one edit (Damerau-Levenshtein) in a token of 6+ letters;
# fuzzy: Jaro-Winkler >= 0.84 and at most max(2, len/4) edits (the edit bound stops long
# shared prefixes such as "commerz..." from passing on Jaro-Winkler alone)
_CLOSE = "x = y OR (length(x) > 3 AND length(y) > 3 AND NOT {digits} AND ({pred}))"
_PREDS = {
    "typo": "{jw}(x, y) >= 0.92 OR (least(length(x), length(y)) >= 6 AND {dl}(x, y) <= 1)",
    "fuzzy": "{jw}(x, y) >= 0.84 AND {dl}(x, y) <= greatest(2, {quarter})",
    "subset": "{jw}(x, y) >= 0.9",
}


@dataclass(frozen=True)
class Dialect:
    """The spellings of one engine; ``all_close(kind, a, b)``: every token of list ``a``
    matches some token of list ``b`` at level ``kind`` (typo, fuzzy, subset)."""

    engine: Engine
    jw: str
    dl: str
    digits: str
    quarter: str  # least(len x, len y) / 4, integer division
    all_tmpl: str
    macros: list[str] = field(default_factory=list)

    def token_pred(self, kind: str) -> str:
        pred = _PREDS[kind].format(jw=self.jw, dl=self.dl, quarter=self.quarter)
        return _CLOSE.format(digits=self.digits, pred=pred)

    def all_close(self, kind: str, a: str, b: str) -> str:
        if self.macros:
            return f"og_all_{kind}({a}, {b})"
        return self.all_tmpl.format(a=a, b=b, pred=self.token_pred(kind))

    def similar(self, left: str, right: str, t: float) -> str:
        return f"{self.jw}({left}, {right}) >= {t}"

    def size(self, col: str) -> str:
        return ("len({})" if self.engine == "duckdb" else "size({})").format(col)


def _duckdb() -> Dialect:
    d = Dialect("duckdb", "jaro_winkler_similarity", "damerau_levenshtein",
                "regexp_matches(x || y, '[0-9]')", "least(length(x), length(y)) // 4",
                "len(list_filter({a}, lambda x: len(list_filter({b}, lambda y: {pred}))"
                " > 0)) = len({a})")
    macros = [f"CREATE OR REPLACE MACRO og_all_{k}(a, b) AS "
              + d.all_tmpl.format(a="a", b="b", pred=d.token_pred(k)) for k in _PREDS]
    return Dialect(d.engine, d.jw, d.dl, d.digits, d.quarter, d.all_tmpl, macros)


DIALECTS: dict[Engine, Dialect] = {
    "duckdb": _duckdb(),
    "spark": Dialect("spark", "jaro_winkler", "damerau_levenshtein", "(x || y) RLIKE '[0-9]'",
                     "least(length(x), length(y)) div 4",
                     "size(filter({a}, x -> size(filter({b}, y -> {pred})) > 0)) = size({a})"),
}
