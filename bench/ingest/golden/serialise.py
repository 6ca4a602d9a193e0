"""One record tree -> GLEIF's XML or GLEIF's JSON (the XML's BadgerFish form: ``{"$": text}``,
attributes as ``"@name"``, repeated elements as a list).

A tree is ``(tag, value, attrs)``: ``value`` a string (a leaf) or a list of trees; ``attrs`` a
dict or None. Element order is kept, as the XSDs' sequences require.
"""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape, quoteattr

Tree = tuple[str, Any, dict[str, str] | None]


def _text(value: str) -> str:
    return escape(value) if "&" in value or "<" in value or ">" in value else value


def to_xml(tree: Tree, prefix: str) -> str:
    """(This runs for every element of millions of records: kept to plain string work.)"""
    tag, value, attrs = tree
    name = prefix + ":" + tag
    head = name + "".join(f" {k}={quoteattr(v)}" for k, v in attrs.items()) if attrs else name
    if value.__class__ is str:
        return "<" + head + ">" + _text(value) + "</" + name + ">"
    return "<" + head + ">" + "".join([to_xml(c, prefix) for c in value]) + "</" + name + ">"


def to_badgerfish(tree: Tree) -> Any:
    _, value, attrs = tree
    if isinstance(value, str):
        out: dict[str, Any] = {"$": value}
    else:
        out = {}
        for child in value:
            obj = to_badgerfish(child)
            old = out.get(child[0])
            if old is None:
                out[child[0]] = obj
            elif isinstance(old, list):
                old.append(obj)
            else:
                out[child[0]] = [old, obj]
    if attrs:
        out.update({"@" + k: v for k, v in attrs.items()})
    return out


def to_json(tree: Tree) -> str:
    return json.dumps(to_badgerfish(tree), ensure_ascii=False, separators=(",", ":"))
