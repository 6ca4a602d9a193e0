"""Scoring the real-question suite: an observed answer compared with the answer a person read
off the file (:func:`judge`, keys in :mod:`ownergraph.evaluation.real`), and a result's
``as_dict()`` put in that vocabulary (:func:`observe`)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

TOL_PP = 0.01  # percentage points: filings print two or three decimals
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "prof"})

# -- comparing answers -------------------------------------------------------------------------------


def norm_name(text: Any) -> str:
    """A name as compared: case-folded, punctuation and courtesy titles dropped (display forms
    differ; the entity must not)."""
    s = unicodedata.normalize("NFKC", str(text or "")).casefold()
    words = [w for w in re.sub(r"[^\w]+", " ", s).split() if w not in _TITLES]
    return " ".join(words)


def _names(items: Iterable[Any]) -> set[str]:
    return {norm_name(x) for x in items}


def _entity_hits(expected: str, observed: Iterable[dict[str, Any]]) -> bool:
    want = norm_name(expected)
    return any(want in {norm_name(o.get("name")), norm_name(o.get("lei")), norm_name(o.get("key"))} for o in observed)


def _issue_hits(want: dict[str, Any], issues: list[dict[str, Any]]) -> bool:
    return any(i.get("kind") == want["kind"] and _entity_hits(want["entity"], [i]) for i in issues)


def _close(a: Any, b: float) -> bool:
    return a is not None and abs(float(a) - float(b)) <= TOL_PP


# Complexity (cc 46): one exactness rule per answer field (owners, stake, parents, path ...);
# kept as one list of checks so that what counts as right can be read top to bottom.
def judge(expected: dict[str, Any], observed: dict[str, Any]) -> bool:
    """Exact correctness of one observed answer (see the module doc for the keys)."""
    if observed.get("error"):
        return False
    if expected.get("not_found"):
        return bool(observed.get("not_found"))
    if observed.get("not_found"):
        return False
    checks: list[bool] = []
    owners = observed.get("owners") if "owners" in observed else observed.get("hit")  # parties named
    issues = observed.get("issues")
    for key in ("owners", "hit"):
        if key in expected:
            want = list(expected[key])
            got = owners or []
            checks.append(len(got) == len(want) and all(_entity_hits(w, got) for w in want))
    for party, amounts in (expected.get("at_risk") or {}).items():
        hit = [o for o in owners or [] if _entity_hits(party, [o])]
        checks.append(len(hit) == 1 and all(abs(float((hit[0].get("at_risk") or {}).get(cur, -1)) - float(v)) < 0.5
                                            for cur, v in amounts.items()))
    for key, keep in (("includes", True), ("excludes", False)):
        for w in expected.get(key, []):
            hit = _issue_hits(w, issues or []) if isinstance(w, dict) else _entity_hits(w, owners or [])
            checks.append(hit is keep)
    if "pct" in expected:
        checks.append(_close(observed.get("lo"), expected["pct"]) and _close(observed.get("hi"), expected["pct"]))
    for key in ("lo", "hi"):
        if key in expected:
            checks.append(_close(observed.get(key), expected[key]))
    for key in ("depth_limit_reached", "connected"):
        if key in expected:
            checks.append(observed.get(key) is expected[key])
    for key in ("direct", "ultimate", "exceptions", "exception_reasons"):
        if key in expected:
            checks.append({str(x).upper() for x in observed.get(key) or []} == {str(x).upper() for x in expected[key]})
    if "entity" in expected:
        checks.append(_entity_hits(expected["entity"], [observed.get("entity") or {}]))
    if "partial" in expected:
        checks.append(observed.get("partial") is expected["partial"])
    for w in expected.get("children_include", []):
        checks.append(_entity_hits(w, observed.get("children") or []))
    if "stated_total" in expected:
        checks.append(observed.get("stated_total") == expected["stated_total"])
    if "events" in expected:
        got = observed.get("events") or []
        checks.append(len(got) == len(expected["events"])
                      and all(any(_event_hits(w, g) for g in got) for w in expected["events"]))
    return bool(checks) and all(checks)


# -- reading the system's answers --------------------------------------------------------------------


def _pct(value: Any) -> float | None:
    return None if value is None else round(float(value) * 100, 6)


def _depth_limited(d: dict[str, Any]) -> bool:
    if d.get("paths_truncated") or d.get("depth_limit_reached") or d.get("truncated"):
        return True
    return any(re.search(r"depth|limit", f"{w.get('code', '')} {w.get('message', '')}", re.I)
               for w in d.get("warnings") or [] if isinstance(w, dict))


def observe(command: str, d: dict[str, Any], found: bool = True) -> dict[str, Any]:
    """A result's ``as_dict()`` in the vocabulary of the expected answers, with the entity the
    question's mention was taken for."""
    out = _observe(command, d, found)
    if isinstance(d.get("entity"), dict):
        out["entity"] = d["entity"]
    elif command == "owners" and d.get("target"):
        out["entity"] = {"key": d["target"], "name": d.get("target_name")}
    return out


# Complexity (cc 43): one branch per command, each picking that command's fields of the JSON
# answer; the commands' shapes differ, so a shared path would need one adapter per command anyway.
def _observe(command: str, d: dict[str, Any], found: bool) -> dict[str, Any]:
    if command == "owners":
        return {"owners": [{"name": r.get("name"), "key": r.get("key"), "lei": r.get("lei")}
                           for r in d.get("rows", []) if r.get("status") == "certainly"]}
    if command == "stake":
        stake = d.get("stake") or {}
        declared = [e.get("stake") or {} for e in d.get("declared") or []]
        lo, hi = _pct(stake.get("lo")), _pct(stake.get("hi"))
        return {"lo": lo, "hi": hi, "depth_limit_reached": _depth_limited(d), "declared": declared}
    if command == "path":
        return {"connected": bool(d.get("found", found))}
    if command == "parents":
        out: dict[str, Any] = {"direct": [], "ultimate": [], "exceptions": [], "exception_reasons": []}
        for level in ("direct", "ultimate"):
            part = d.get(level) or {}
            out[level] = sorted({str(p.get("target")) for p in part.get("parents", [])}
                                | {str(p.get("lei")) for p in part.get("parents", []) if p.get("lei")})
            for x in part.get("exceptions", []):
                out["exceptions"].append(f"{x.get('level') or level}:{x.get('reason')}")
                out["exception_reasons"].append(str(x.get("reason")))
        out["direct"] = [k for k in out["direct"] if not k.startswith("og:")] or out["direct"]
        out["ultimate"] = [k for k in out["ultimate"] if not k.startswith("og:")] or out["ultimate"]
        return out
    if command == "quality":
        return {"issues": [{"kind": i.get("kind"), "name": i.get("entity_name"), "key": i.get("entity_key"),
                            "lei": i.get("entity_lei")} for i in d.get("issues", [])]}
    if command == "children":
        levels = [d.get(level) or {} for level in ("direct", "ultimate")]
        return {"children": [{"name": c.get("source_name"), "key": c.get("source")}
                             for lv in levels for c in lv.get("children", [])],
                "partial": any(lv.get("partial") for lv in levels),
                "stated_total": {lv.get("level"): lv.get("stated_total") for lv in levels if lv.get("partial")}}
    if command == "contagion":
        return {"hit": [{"name": a.get("name"), "key": a.get("key"), "at_risk": a.get("amount_at_risk") or {}}
                        for a in d.get("affected", [])]}
    if command == "diff":
        return {"events": [{"type": e.get("type"), "status": e.get("status"), "effective": str(e.get("effective")),
                            "recorded": str(e.get("recorded")), "group_type": e.get("group_type"),
                            "old": [c.get("old") for c in e.get("changes") or []],
                            "new": [c.get("new") for c in e.get("changes") or []]}
                           for e in d.get("events", [])]}
    return {"error": f"no analytic for command {command!r}"}


def _event_hits(want: dict[str, Any], got: dict[str, Any]) -> bool:
    for key, value in want.items():
        if key in ("old", "new"):
            if norm_name(value) not in {norm_name(v) for v in got.get(key) or []}:
                return False
        elif key in ("effective", "recorded"):
            if not str(got.get(key) or "").replace(" ", "T").startswith(str(value)):
                return False
        elif str(got.get(key) or "").upper() != str(value).upper():
            return False
    return True


__all__ = ["TOL_PP", "judge", "norm_name", "observe"]
