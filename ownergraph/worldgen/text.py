"""Short filing texts: boilerplate, one sentence per stated relationship (with its figure) and
distractor sentences (other figures, other entities, facts that are *not* relationships).

Sentences are separated by newlines so a test can point at sentence ``k`` exactly.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Callable

BOILER = {
    "Annual report": "The information below forms part of the audited financial statements and should be read with the Directors' report.",
    "SC 13D": "SECURITIES AND EXCHANGE COMMISSION, Washington, D.C. 20549. SCHEDULE 13D under the Securities Exchange Act of 1934.",
    "TR-1": "TR-1: Standard form for notification of major holdings. NOTIFICATION OF MAJOR HOLDINGS (to be sent to the relevant issuer and to the FCA in Microsoft Word format if possible).",
    "8-K": "UNITED STATES SECURITIES AND EXCHANGE COMMISSION. FORM 8-K. CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934.",
    "RNS Merger": "Regulatory announcement. This announcement contains inside information.",
    "Form 10": "FORM 10. GENERAL FORM FOR REGISTRATION OF SECURITIES Pursuant to Section 12(b) or (g) of the Securities Exchange Act of 1934.",
    "RNS Demerger": "Regulatory announcement. Not for release, publication or distribution in or into any jurisdiction where to do so would constitute a violation of the relevant laws.",
    "RNS Disposal": "Regulatory announcement. This announcement is released by the Company and contains inside information.",
    "NM01": "Companies House. NM01 Notice of change of name by resolution.",
    "Change of name": "Notice of change of name. The company's registered number and registered office are unchanged.",
}


def fmt_date(d: int) -> str:
    x = date.fromordinal(d)
    return f"{x.day} {x.strftime('%B')} {x.year}"


def stake_phrase(pub: dict | float | None) -> str:
    """'30.00% of' / 'more than 25% but not more than 50% of' (the share-capital phrase follows)."""
    if isinstance(pub, dict):
        return f"more than {pub.get('min'):g}% but not more than {pub.get('max'):g}% of"
    return f"{pub:.2f}% of"


def _end(s: str) -> str:
    return s[:-1] if s.endswith("..") else s


def ownership_sentence(rng: random.Random, owner: str, owned: str, pub: dict | float | None,
                       day: int, voting: bool) -> str:
    if voting:
        v = f"{pub:.2f}%" if isinstance(pub, float) else "a majority"
        return _end(f"{owner} controls {v} of the voting rights in {owned}, through shares carrying multiple votes.")
    if pub is None:
        return _end(f"{owner} holds an interest in {owned}; the percentage held has not been disclosed.")
    k = rng.randrange(3)
    if k == 0:
        return _end(f"As at {fmt_date(day)}, {owner} held {stake_phrase(pub)} the issued share capital of {owned}.")
    if k == 1:
        return _end(f"{owner} holds {stake_phrase(pub)} the ordinary shares of {owned}.")
    lo = pub.get("min", 0) if isinstance(pub, dict) else pub
    rel = "a subsidiary undertaking" if lo >= 50 else "an associated undertaking" if lo >= 20 else "an investee"
    return _end(f"{owned} is {rel} of {owner}, which holds {stake_phrase(pub)} its share capital.")


def distractors(rng: random.Random, k: int, other: Callable[[], str], filer: str) -> list[str]:
    pool = [
        lambda: f"Revenue for the year increased by {rng.uniform(1, 20):.1f}% to EUR {rng.uniform(20, 900):.1f} million.",
        lambda: f"{filer} employed {rng.randint(40, 9000):,} people at the year end across {rng.randint(2, 30)} countries.",
        lambda: f"Discussions with {other()} regarding the acquisition of a {rng.randint(10, 60)}% stake in {other()} were terminated without agreement.",
        lambda: f"{other()} is not a related party of {filer} and holds no shares in it.",
        lambda: f"The board recommends a final dividend of {rng.uniform(1, 40):.1f} pence per share, a payout ratio of {rng.randint(20, 60)}%.",
        lambda: f"A 1.0 percentage point increase in the discount rate would reduce headroom by EUR {rng.uniform(1, 50):.1f} million.",
        lambda: f"{other()} provided logistics services to the group on arm's length terms during the period.",
    ]
    return [rng.choice(pool)() for _ in range(k)]


def action_sentences(kind: int, subject: str, counterparty: str, previous: str, stake: float | None,
                     day: int, new_name: str = "", old_name: str = "") -> list[str]:
    d = fmt_date(day)
    if kind == 0:
        return [f"{counterparty} announces that the merger of {subject} into {counterparty} became effective on {d}.",
                f"Following the merger, {subject} has ceased to exist as a separate legal entity and its assets and liabilities have been assumed by {counterparty}."]
    if kind == 1:
        return [f"{subject} announces that the demerger of {counterparty} was completed on {d}.",
                f"{counterparty} is now a separate company and certain businesses and debt instruments of {subject} have been transferred to it."]
    if kind == 2:
        st = f"{stake:.2f}%" if stake is not None else "a controlling interest"
        return [f"{previous} has completed the sale of its shareholding in {subject} to {counterparty} on {d}.",
                f"Following completion, {counterparty} holds {st} of {subject} and {previous} retains no interest."]
    return [f"Notice is given that with effect from {d} the name of the company has been changed from {old_name} to {new_name}."]
