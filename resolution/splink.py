"""Probabilistic name matching with splink 5, on DuckDB (default) or Spark (``engine``).

Used only for the name-only remainder: mentions that no LEI, identifier or exact
normalised name settled. One batch = one splink ``link_only`` run between the batch's
mentions and the index names that share a blocking key with them (see ``_settings``).

The model is fixed, not trained, so results are reproducible run to run. Probabilities
(m = P(level | same entity), u = P(level | different entities among *blocked* pairs)) were
set by hand from what each level means and then checked on ``resolution.evaluate``:

name (normalised, legal form removed)      m       u        weight (bits)
  exact                                    0.55    0.00003  +14.2
  same tokens, other order                 0.10    0.00002  +12.3
  as many tokens, each matching one of the
    other both ways, as a typo (below)     0.20    0.0001   +11.0
  ... as a fuzzy match (below)             0.08    0.0003    +8.1   transliterations
  one side's tokens all in the other,
    both persons                           0.03    0.0005    +5.9   missing middle name
  one side's tokens all in the other       0.01    0.02      -1.0   "X" vs "X Group"
  whole-string Jaro-Winkler >= 0.92        0.02    0.005     +2.0
  else                                     0.01    0.97405   -6.6
Token matching: a typo is Jaro-Winkler >= 0.92, or one edit in tokens of six letters or
more; fuzzy is Jaro-Winkler >= 0.84 with at most max(2, len/4) edits; "subset" uses
Jaro-Winkler >= 0.9. Tokens of three letters or fewer and tokens with digits match only
exactly, so "Fund I" is not "Fund II" and "(84) B.V." is not "(LXI) B.V.".
country: same +2.2, different -4.0; kind (person / organisation): same +0.5, different
-5.9; legal form: same class +1.5, same family +0.7, different family -5.0 ("X Ltd" and
"X Inc" are usually two companies of one group); a missing value on either side is
neutral. Prior: 1 in 100 blocked pairs match (-6.6 bits), so with the default threshold
0.9 (+3.2 bits) a typo alone is accepted, a transliteration needs one more agreeing field,
a disagreeing country, kind or legal-form family rejects even an exact name unless
another field agrees.
A mention is matched when its best key has probability >= ``threshold`` and no other key
also reaches the threshold (else it is ambiguous).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ownergraph.resolution.match_sql import DIALECTS, Dialect, Engine


def _lvl(sql: str, label: str, m: float, u: float, **extra: Any) -> dict[str, Any]:
    return {"sql_condition": sql, "label_for_charts": label, "m_probability": m,
            "u_probability": u, **extra}


def _null(col: str) -> dict[str, Any]:
    return {"sql_condition": f"{col}_l IS NULL OR {col}_r IS NULL", "label_for_charts": "null",
            "is_null_level": True}


def _comparisons(d: Dialect) -> list[dict[str, Any]]:
    # cheap whole-string guards first: DuckDB skips the token lambdas (~50 us a pair) for
    # rows a guard already rejects
    def sim(t: float) -> str:
        return d.similar("name_sorted_l", "name_sorted_r", t)

    def both(kind: str, t: float) -> str:
        return (f"{d.size('tokens_l')} = {d.size('tokens_r')} AND {sim(t)}"
                f" AND {d.all_close(kind, 'tokens_l', 'tokens_r')}"
                f" AND {d.all_close(kind, 'tokens_r', 'tokens_l')}")

    either = (f"{sim(0.6)} AND ({d.all_close('subset', 'tokens_l', 'tokens_r')}"
              f" OR {d.all_close('subset', 'tokens_r', 'tokens_l')})")
    name = {
        "output_column_name": "name_norm",
        "comparison_levels": [
            _null("name_norm"),
            _lvl("name_norm_l = name_norm_r", "exact", 0.55, 0.00003),
            _lvl("name_sorted_l = name_sorted_r", "reordered", 0.10, 0.00002),
            _lvl(both("typo", 0.75), "tokens_typo", 0.20, 0.0001),
            _lvl(both("fuzzy", 0.7), "tokens_fuzzy", 0.08, 0.0003),
            _lvl(f"kind_l = 'person' AND kind_r = 'person' AND {either}", "subset_person",
                 0.03, 0.0005),
            _lvl(either, "subset", 0.01, 0.02),
            _lvl(d.similar("name_norm_l", "name_norm_r", 0.92), "jw92",
                 0.02, 0.005),
            _lvl("ELSE", "else", 0.01, 0.97405),
        ],
    }
    country = {
        "output_column_name": "country",
        "comparison_levels": [
            _null("country"),
            _lvl("country_l = country_r", "same", 0.95, 0.2),
            _lvl("ELSE", "different", 0.05, 0.8),
        ],
    }
    kind = {
        "output_column_name": "kind",
        "comparison_levels": [
            _null("kind"),
            _lvl("kind_l = kind_r", "same", 0.995, 0.7),
            _lvl("ELSE", "different", 0.005, 0.3),
        ],
    }
    suffix = {
        "output_column_name": "suffix",
        "comparison_levels": [
            _null("suffix"),
            _lvl("suffix_l = suffix_r", "same_class", 0.85, 0.3),
            _lvl("family_l = family_r", "same_family", 0.13, 0.08),
            _lvl("ELSE", "different_family", 0.02, 0.62),
        ],
    }
    return [name, country, kind, suffix]


@dataclass(frozen=True)
class MatchSettings:
    """Knobs of the probabilistic stage (the m/u table above is fixed)."""

    threshold: float = 0.9  # match probability needed to accept a key
    prior: float = 0.01  # probability that two blocked records match
    batch_size: int = 2000  # mentions per splink run
    floor: float = 0.05  # pairs below this are not reported as candidates
    engine: Engine = "duckdb"  # spark: the same model in Spark SQL (``_spark``; extra ``spark``)
    work_dir: str | None = None  # spark: checkpoints go under it (default: a temporary folder)

    def __post_init__(self) -> None:
        if self.engine not in DIALECTS:
            raise ValueError(f"matching engine {self.engine!r}: one of {', '.join(DIALECTS)}")


def row(uid: str, norm_key: str, suffix: str, family: str, country: str | None,
        kind: str | None, pair_key: list[str]) -> dict[str, Any]:
    """One input row for splink (an index name or a mention); ``pair_key``: the mention
    ids this row is to be compared with (a mention: its own id)."""
    toks = norm_key.split()
    return {
        "unique_id": uid,
        "pair_key": pair_key,
        "name_norm": norm_key,
        "name_sorted": " ".join(sorted(toks)),
        "tokens": toks,
        "country": country,
        "kind": kind,
        "suffix": suffix or None,
        "family": family or None,
    }


class SplinkMatcher:
    """Scores (mention, index name) pairs with a fixed splink model."""

    def __init__(self, settings: MatchSettings | None = None) -> None:
        self.settings = settings or MatchSettings()
        logging.getLogger("splink").setLevel(logging.WARNING)

    def _settings(self) -> Any:
        from splink import SettingsCreator, block_on

        # The pairs to score are chosen in Python (AliasIndex.candidate_names: shared first
        # or last token, first two tokens, first or last three letters, with bounded block
        # sizes). Each row's ``pair_key`` lists the mentions it was selected for; splink
        # joins on that exploded array, so it scores exactly those pairs.
        return SettingsCreator(
            link_type="link_only",
            comparisons=_comparisons(DIALECTS[self.settings.engine]),
            blocking_rules_to_generate_predictions=[
                block_on("pair_key", arrays_to_explode=["pair_key"])],
            probability_two_random_records_match=self.settings.prior,
            retain_matching_columns=False,
            retain_intermediate_calculation_columns=False,
            linker_uid="ownergraph",
        )

    def score(self, mentions: Sequence[dict[str, Any]],
              candidates: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
        """(mention uid, candidate uid, match probability) for blocked pairs above floor."""
        if not mentions or not candidates:
            return []
        if self.settings.engine == "spark":
            from ownergraph.resolution.spark import predict_spark

            rows = predict_spark(self._settings(), candidates, mentions, self.settings.floor,
                                 self.settings.work_dir)
        else:
            rows = self._predict_duckdb(candidates, mentions)
        out = []
        for src_l, uid_l, uid_r, p in rows:
            m, c = (uid_r, uid_l) if src_l == "a_index" else (uid_l, uid_r)
            out.append((m, c, float(p)))
        out.sort(key=lambda t: (t[0], -t[2], t[1]))
        return out

    def _predict_duckdb(self, candidates: Sequence[dict[str, Any]],
                        mentions: Sequence[dict[str, Any]]) -> list[tuple[str, str, str, float]]:
        import duckdb
        from splink import DuckDBAPI, Linker

        con = duckdb.connect(":memory:")
        try:
            for macro in DIALECTS["duckdb"].macros:
                con.execute(macro)
            db = DuckDBAPI(con)
            left = db.register(list(candidates), dataset_display_name="a_index")
            right = db.register(list(mentions), dataset_display_name="b_mentions")
            linker = Linker([left, right], self._settings(), log_level=None)
            pred = linker.inference.predict(threshold_match_probability=self.settings.floor,
                                            warning_mode="never")
            return con.sql(
                "SELECT source_dataset_l, unique_id_l, unique_id_r, match_probability "
                f"FROM {pred.physical_name}"
            ).fetchall()
        finally:
            con.close()
