"""The view as one self-contained HTML file: the template with the styles, the page's data, the
vendored cytoscape.js and the page script written into it (nothing loads from elsewhere)."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

CYTOSCAPE_VERSION = "3.34.4"  # retrieval/view/cytoscape.min.js, from the npm package (MIT)
_SLOT = re.compile(r"\{\{([a-z_]+)\}\}")


def asset(name: str) -> str:
    return resources.files("ownergraph.retrieval.view").joinpath(name).read_text(encoding="utf-8")


def _json_for_script(data: dict[str, Any]) -> str:
    # "</" would end the <script> element early; "<\/" is the same JSON string
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def render(data: dict[str, Any]) -> str:
    """The page's HTML text for ``data`` (:func:`retrieval.view.payload.payload`)."""
    parts = {"title": html.escape(str(data.get("title", ""))), "css": asset("view.css"),
             "data": _json_for_script(data), "cytoscape": asset("cytoscape.min.js"),
             "cytoscape_version": CYTOSCAPE_VERSION, "app": asset("view.js")}
    # one pass over the template: inserted text is never scanned for slots again
    return _SLOT.sub(lambda m: parts[m.group(1)], asset("template.html"))


def write(data: dict[str, Any], path: str | Path) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(data), encoding="utf-8")
    return out
