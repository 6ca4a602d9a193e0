"""Several SEC form documents kept under one root of a collector's making
(``<ownershipDocuments><ownershipDocument>…</ownershipDocument>…</ownershipDocuments>``): EDGAR
files one document per submission, so each child is read as its own filing."""

from __future__ import annotations

from typing import Any

FORM_ROOTS = ("ownershipDocument", "edgarSubmission")


def documents_under(root: Any) -> list[Any]:
    """The form documents a wrapper root holds as its children (namespaces already stripped);
    [] when the root is no such wrapper (it has other children, or none)."""
    children = [c for c in root if isinstance(c.tag, str)]
    if children and all(c.tag in FORM_ROOTS for c in children):
        return children
    return []


__all__ = ["FORM_ROOTS", "documents_under"]
