"""A heading over a group of Exhibit 21 rows that states the group's share ("Wholly owned
subsidiaries", "100% owned companies:"): the rows under it, up to the next group heading
("Partly owned subsidiaries", "Joint ventures", "Indirect subsidiaries"), are held at that share
unless a row states its own."""

from __future__ import annotations

import re

_GROUP = r"(?:subsidiar(?:y|ies)|companies|entities|undertakings|affiliates)"
_WHOLLY = re.compile(rf"(?:wholly|fully|100\s*%)[\s-]*(?:owned|held)\s+{_GROUP}\s*:?", re.I)
# any other heading that starts a group: its rows' share is not the wholly-owned group's
_OTHER = re.compile(rf"(?:[\w-]+\s+){{0,3}}{_GROUP}\s*:?|(?:joint\s+ventures?|associates?|associated\s+companies)\s*:?",
                    re.I)


def group_share(text: str) -> str | None:
    """"100%" for a heading saying its group is wholly owned, "" for any other group heading, None
    for a cell that is no group heading."""
    text = text.strip()
    if _WHOLLY.fullmatch(text):
        return "100%"
    return "" if _OTHER.fullmatch(text) else None


__all__ = ["group_share"]
