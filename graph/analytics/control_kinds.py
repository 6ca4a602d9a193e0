"""Which stored control kinds (``CONTROLS.control_kind``) confer control, read once.

The kinds come from the sources as they state them (BODS 0.2-0.4 interest types, UK PSC
natures of control, SEC reporting-person relationships, bundle and extraction kinds); they are
compared normalised: lower case, with ``_``, ``-`` and spaces dropped.

- :data:`CONTROLLING`: control outright. BODS ``appointmentOfBoard`` / PSC right to appoint or
  remove the board, BODS ``otherInfluenceOrControl`` / PSC "significant influence or control",
  the trust roles that control a trust (settlor, trustee, protector: EU AMLR 2024/1624 Art. 58),
  control through articles, a legal framework or a contract, a nominator (who instructs the
  nominee), a general partner of a partnership, a managing member of an LLC and a controlling
  shareholder. Every UK PSC nature held "as trust" / "as firm" (the PSC controls the trust or
  firm that holds the right) is control.
- :data:`BENEFICIAL_ONLY`: a beneficial owner of the arrangement (a trust's beneficiaries, AMLR
  Art. 58) who does not run it: a beneficial owner in ``owners``, but no control in the
  majority rule.
- :data:`MAYBE`: an interest whose nature is not known or not published, or a conditional
  contractual right: "possibly" control, never "certainly".

Anything else (a directorship or officer role, a board seat, a senior managing official, a
nominee, rights to profit or assets) is not control over the entity.
"""

from __future__ import annotations

from typing import Literal

Strength = Literal["control", "beneficial", "maybe", "none"]

CONTROLLING = frozenset({
    "appointmentofboard", "boardappointment", "otherinfluenceorcontrol", "otherinfluenceorcontroloftrust",
    "significantinfluence", "settlor", "trustee", "protector", "trust", "controlviacompanyrulesorarticles",
    "controlbylegalframework", "rightsgrantedbycontract", "nominator", "generalpartner", "managingmember",
    "managingpartner", "controllingshareholder", "controllingstockholder", "controllingperson",
})
BENEFICIAL_ONLY = frozenset({"beneficiaryoflegalarrangement", "beneficiaryoftrust"})
MAYBE = frozenset({"unknowninterest", "unpublishedinterest", "conditionalrightsgrantedbycontract"})


def _norm(kind: str | None) -> str:
    return "".join(ch for ch in (kind or "").lower() if ch not in "_- ")


def strength(kind: str | None) -> Strength:
    """What a CONTROLS edge of ``kind`` says about control of its target."""
    norm = _norm(kind)
    if norm in CONTROLLING or "astrust" in norm or "asfirm" in norm or "ascontrolover" in norm:
        return "control"
    if norm in BENEFICIAL_ONLY:
        return "beneficial"
    if norm in MAYBE:
        return "maybe"
    return "none"


def confers_control(kind: str | None) -> bool:
    """A CONTROLS edge of ``kind`` gives control outright (the majority rule's forced pairs)."""
    return strength(kind) == "control"


__all__ = ["BENEFICIAL_ONLY", "CONTROLLING", "MAYBE", "Strength", "confers_control", "strength"]
