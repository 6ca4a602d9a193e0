"""The FollowTheMoney model read from its schema YAML (tests/fixtures/ftm-schema, MIT, see its
README), and a check of exported entities against it: what ``followthemoney``'s
``model.get_proxy(data, cleaned=False)`` and its property types would refuse."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "ftm-schema"
_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2})?)?)?)?)?$")


class FtmModel:
    def __init__(self, folder: Path = SCHEMA_DIR) -> None:
        self.schemata: dict[str, dict[str, Any]] = {}
        for path in sorted(folder.glob("*.y*ml")):
            for name, spec in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
                if isinstance(spec, dict) and ("properties" in spec or "extends" in spec or "label" in spec):
                    self.schemata[name] = spec

    def parents(self, name: str) -> list[str]:
        """``name`` and every schema it extends, nearest first."""
        out, todo = [], [name]
        while todo:
            s = todo.pop(0)
            if s not in out:
                out.append(s)
                todo.extend(self.schemata[s].get("extends") or [])
        return out

    def is_a(self, name: str, other: str) -> bool:
        return other in self.parents(name)

    def properties(self, name: str) -> dict[str, dict[str, Any]]:
        props: dict[str, dict[str, Any]] = {}
        for s in reversed(self.parents(name)):
            props.update(self.schemata[s].get("properties") or {})
        return props

    def required(self, name: str) -> set[str]:
        return {p for s in self.parents(name) for p in self.schemata[s].get("required") or []}



def problems(model: FtmModel, entities: list[dict[str, Any]]) -> list[str]:
    """Everything wrong with ``entities`` as FtM (empty when they are valid)."""
    by_id = {e["id"]: e for e in entities}
    out: list[str] = []
    for e in entities:
        where = f"{e.get('schema')} {e.get('id')}"
        schema = e.get("schema")
        if schema not in model.schemata:
            out.append(f"{where}: unknown schema")
            continue
        if model.schemata[schema].get("abstract"):
            out.append(f"{where}: abstract schema")
        props = model.properties(schema)
        for req in model.required(schema):
            if not e["properties"].get(req):
                out.append(f"{where}: required property {req} missing")
        for name, values in e["properties"].items():
            spec = props.get(name)
            if spec is None:
                out.append(f"{where}: {name} is not a property of {schema}")
                continue
            if not isinstance(values, list) or not all(isinstance(v, str) and v for v in values):
                out.append(f"{where}: {name} is not a list of strings: {values!r}")
                continue
            out.extend(f"{where}: {name}={v!r}: {why}" for v in values
                       if (why := _bad_value(model, spec, v, by_id)))
    return out


def _bad_value(model: FtmModel, spec: dict[str, Any], value: str, by_id: dict[str, dict[str, Any]]) -> str | None:
    kind = spec.get("type", "string")
    if kind == "entity":
        target = by_id.get(value)
        if target is None:
            return "points at no exported entity"
        if spec.get("range") and not model.is_a(target["schema"], spec["range"]):
            return f"a {target['schema']} is not in the range {spec['range']}"
    elif kind == "date" and not _DATE.match(value):
        return "not an FtM date (ISO prefix)"
    elif kind == "country" and not re.fullmatch(r"[a-z]{2}(-[a-z0-9]+)?", value):
        return "not an FtM country code"
    elif kind == "number":
        try:
            float(value.replace(",", ""))
        except ValueError:
            return "not a number"
    elif kind == "url" and not value.startswith(("http://", "https://")):
        return "not a URL"
    return None
