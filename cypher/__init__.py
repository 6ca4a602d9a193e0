"""The Cypher of ownergraph: one reviewable ``.cypher`` file per query, loaded by name.

Queries are parameterised; no caller ever formats user or document text into Cypher.

A few queries need a relationship type, a label, an arrow head or a hop bound in their text
(Cypher takes no parameter there). Such a *templated* file marks each place as ``$$NAME$$``
and declares, in a header comment, the values each slot may take::

    // slot TYPE: REL_TYPES                     one relationship type of the vocabulary
    // slot IN: union of REL_TYPES | NO_EDGE    one or more of them, written A|B
    // slot L: "<" | ""                         one of the listed strings
    // slot DEPTH: 1..100                       an integer in the range

:func:`render` fills every slot after checking its value; :func:`load` returns a plain
file's text and refuses a templated one. A name in a declaration that is a key of
:data:`VOCABULARY` stands for that closed set; any other word is a literal value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import CypherError
from ownergraph.domain.vocabulary import EDGES

# every relationship type stored: the edge table's (a closed set: the only text ever placed into
# a Cypher pattern as a type)
REL_TYPES: frozenset[str] = frozenset(e.type.value for e in EDGES)

# the closed sets a slot declaration may name
VOCABULARY: dict[str, frozenset[str]] = {"REL_TYPES": REL_TYPES}

_SLOT_DECL = re.compile(r"^//\s*slot\s+([A-Z][A-Z0-9_]*)\s*:\s*(.+?)\s*$")
_MARK = re.compile(r"\$\$([A-Z][A-Z0-9_]*)\$\$")
_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")
_ALT = re.compile(r'"[^"]*"|[^|\s]+')


@dataclass(frozen=True)
class Slot:
    """What one ``$$NAME$$`` of a templated file may be filled with."""

    name: str
    values: frozenset[str]  # the allowed texts (a range's integers as text)
    union: bool = False  # one or more values, written A|B (sorted, each once)
    integer: bool = False

    def text(self, query: str, value: Any) -> str:
        """The checked text of ``value`` for this slot."""
        if self.union:
            members = [value] if isinstance(value, str) else list(value) if isinstance(value, Iterable) else [value]
            if not members:
                raise CypherError(f"{query}: slot {self.name} needs at least one value")
            for m in members:
                self._check(query, m)
            return "|".join(sorted({str(m) for m in members}))
        self._check(query, value)
        return str(value)

    def _check(self, query: str, value: Any) -> None:
        ok = (isinstance(value, int) and not isinstance(value, bool) if self.integer
              else isinstance(value, str))
        if not ok or str(value) not in self.values:
            shown = sorted(self.values, key=lambda v: (len(v), v) if self.integer else (0, v))
            allowed = f"{shown[0]}..{shown[-1]}" if self.integer else " | ".join(repr(v) for v in shown)
            raise CypherError(f"{query}: {value!r} is not an allowed value of slot {self.name} (allowed: {allowed})")

    def examples(self) -> list[Any]:
        """Every allowed value (for a union: each value alone and all of them together)."""
        if self.integer:
            return sorted(int(v) for v in self.values)
        singles = sorted(self.values)
        return [[v] for v in singles] + [singles] if self.union else singles


def _parse_slot(query: str, name: str, decl: str) -> Slot:
    union = decl.startswith("union of ")
    body = decl.removeprefix("union of ").strip()
    rng = _RANGE.match(body)
    if rng:
        lo, hi = int(rng.group(1)), int(rng.group(2))
        if union or lo > hi:
            raise CypherError(f"{query}: slot {name}: bad range {decl!r}")
        return Slot(name, frozenset(str(i) for i in range(lo, hi + 1)), integer=True)
    values: set[str] = set()
    for alt in (a.strip() for a in body.split("|")):
        if not _ALT.fullmatch(alt):
            raise CypherError(f"{query}: slot {name}: cannot read {alt!r} in {decl!r}")
        if alt.startswith('"'):
            values.add(alt[1:-1])
        else:
            values |= VOCABULARY.get(alt, {alt})
    return Slot(name, frozenset(values), union=union)


@dataclass(frozen=True)
class Rendered:
    """A query ready to run: the text of a named file, its slots (if any) filled by
    :func:`render`. ``Graph.read``/``write``/``auto`` take one of these or a plain name."""

    name: str
    text: str
    slots: tuple[tuple[str, str], ...] = ()


class Library:
    """The ``.cypher`` files under one folder, found by name at any depth (ownergraph's own: this
    package, one subfolder per owning package such as ``graph/load/``; tests and benchmarks keep
    theirs beside them). A name is unique across the subfolders."""

    def __init__(self, root: Traversable | Path) -> None:
        self.root = root
        self._paths: dict[str, Traversable | Path] | None = None
        self._texts: dict[str, str] = {}
        self._slots: dict[str, dict[str, Slot]] = {}
        self._rendered: dict[tuple[str, tuple[tuple[str, str], ...]], Rendered] = {}

    def _files(self) -> dict[str, Traversable | Path]:
        if self._paths is None:
            found: dict[str, Traversable | Path] = {}
            folders = [self.root]
            while folders:
                for p in folders.pop().iterdir():
                    if p.is_dir():
                        folders.append(p)
                    elif p.name.endswith(".cypher"):
                        name = p.name.removesuffix(".cypher")
                        if name in found:
                            raise CypherError(f"two Cypher files named {name!r} under {self.root}")
                        found[name] = p
            self._paths = found
        return self._paths

    def names(self) -> list[str]:
        """Every query under the folder, sorted."""
        return sorted(self._files())

    def _text(self, name: str) -> str:
        if name not in self._texts:
            path = self._files().get(name)
            if not name.isidentifier() or path is None:
                raise CypherError(f"no Cypher named {name!r} in {self.root}; known: {', '.join(self.names())}")
            text = path.read_text()
            self._slots[name] = self._declared(name, text)
            self._texts[name] = text
        return self._texts[name]

    @staticmethod
    def _declared(name: str, text: str) -> dict[str, Slot]:
        slots: dict[str, Slot] = {}
        for line in text.splitlines():
            m = _SLOT_DECL.match(line.strip())
            if m:
                slots[m.group(1)] = _parse_slot(name, m.group(1), m.group(2))
        body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        marks = set(_MARK.findall(body))
        if marks != set(slots):
            raise CypherError(f"{name}: slots used {sorted(marks)} but declared {sorted(slots)}")
        return slots

    def slots(self, name: str) -> dict[str, Slot]:
        """The declared slots of ``name`` (empty for a plain file)."""
        self._text(name)
        return dict(self._slots[name])

    def load(self, name: str) -> str:
        """Text of plain ``<name>.cypher`` (comments kept; they are Cypher comments)."""
        text = self._text(name)
        if self._slots[name]:
            raise CypherError(f"{name} is templated (slots {', '.join(sorted(self._slots[name]))}): "
                              f"use render({name!r}, ...)")
        return text

    def statement(self, name: str) -> Rendered:
        """A plain file as a :class:`Rendered` (for a query of a folder other than ownergraph's)."""
        return Rendered(name, self.load(name))

    def render(self, name: str, **values: Any) -> Rendered:
        """``<name>.cypher`` with each ``$$SLOT$$`` filled by its checked value (cached)."""
        text = self._text(name)
        slots = self._slots[name]
        missing = sorted(set(slots) - set(values))
        unknown = sorted(set(values) - set(slots))
        if missing or unknown:
            raise CypherError(f"{name}: " + "; ".join(
                [f"unfilled slots {missing}"] * bool(missing) + [f"unknown slots {unknown}"] * bool(unknown))
                + f" (declared: {sorted(slots) or 'none'})")
        filled = tuple(sorted((k, slots[k].text(name, v)) for k, v in values.items()))
        key = (name, filled)
        if key not in self._rendered:
            lookup = dict(filled)
            self._rendered[key] = Rendered(name, _MARK.sub(lambda m: lookup[m.group(1)], text), filled)
        return self._rendered[key]

    def statements(self, name: str) -> list[str]:
        """The ``;``-separated statements of a plain multi-statement file, without comment lines."""
        body = "\n".join(line for line in self.load(name).splitlines() if not line.lstrip().startswith("//"))
        return [s.strip() for s in body.split(";") if s.strip()]


LIBRARY = Library(resources.files(__name__))


def load(name: str) -> str:
    """Text of plain ``cypher/<name>.cypher``; a templated file raises (use :func:`render`)."""
    return LIBRARY.load(name)


def render(name: str, **slots: Any) -> Rendered:
    """``cypher/<name>.cypher`` with its declared slots filled, each value checked against its
    allowed set; an unfilled or undeclared slot raises :class:`CypherError`. Cached."""
    return LIBRARY.render(name, **slots)


def statements(name: str) -> list[str]:
    """The ``;``-separated statements of a multi-statement file, without comment lines."""
    return LIBRARY.statements(name)
