"""Issue 30, session 12: a register's fixed frame around the question (acceptance criteria, user
stories, message slips and reported speech, numbered audit steps), and the words around names
those registers bring. Wording invented here on the example bundle's entities (set 8's own
sentences are not used)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.register_frames import without_register_frames
from tests.retrieval.question.bundle_names import bundle_gazetteer

DAY = date(2024, 7, 15)
SHIPPING, VALTORA, GRANITE = "Harbourline Shipping Limited", "Valtora Investments Ltd", "Granite Bank AG"
HOLDINGS = "Harbourline Holdings PLC"


def _read(text: str):  # noqa: ANN202 - a Question
    return parse(text, today=DAY, names=bundle_gazetteer())


@pytest.mark.parametrize(("text", "kind"), [
    (f"Scenario 3: Given {VALTORA} as the holder, when the reporting date is 2024-06-30, then every company it has "
     "shares in is shown with its percentage.", "holdings"),
    (f"Given {SHIPPING}, when the valuation date is 2024-03-31, then all parties one hop away by any link are shown.",
     "neighbourhood"),
    (f"Given {VALTORA}, when the date is 2023-12-31, then the members of its group (more than half owned, down the "
     "chain) are returned.", "group"),
])
def test_given_when_then_reads_the_then_clause(text: str, kind: str) -> None:
    q = _read(text)
    assert q.pattern == kind  # not "events": the frame's "when" asks no date
    assert [m.text for m in q.anchors] and q.as_of is not None


def test_a_user_story_is_its_want_not_its_purpose() -> None:
    q = _read(f"As a risk officer, I want the shareholding of {HOLDINGS} in {SHIPPING} as of 2024-06-30 so that I "
              "can review the consolidation scope.")
    assert q.pattern == "stake"  # "consolidation" is the purpose, not the question
    assert [m.text for m in q.anchors][:2] == [HOLDINGS, SHIPPING]


def test_a_user_story_frame_alone() -> None:
    text, notes = without_register_frames("As an analyst I need the owners of X so that the file is complete.")
    assert text == "the owners of X" and notes


def test_reported_speech_in_a_message_slip() -> None:
    q = _read(f"Call note from Dana (Risk): she asks which individual people own 25% or more of {SHIPPING}.")
    assert q.pattern == "owners"
    q = _read(f"Message from Lee in Credit: when did {VALTORA} buy its shares in {HOLDINGS}? He wants to know if it "
              "was before the end of last year.")
    assert q.pattern == "events" and q.as_of is None  # "before D" is compared with the event, not the clock
    assert [m.text for m in q.anchors][:2] == [VALTORA, HOLDINGS]


@pytest.mark.parametrize("label", ["Sample 12:", "Test step T7 -", "AC3:", "Sample 4, attribute B:"])
def test_a_numbered_label_is_a_lead_in(label: str) -> None:
    q = _read(f"{label} inspect the acquisition by {VALTORA} of its stake in {HOLDINGS} - date and % acquired.")
    assert [m.text for m in q.anchors][:2] == [VALTORA, HOLDINGS]


def test_a_quarter_before_a_colon_stays_a_date() -> None:
    assert str(_read(f"Q1 2024: who owns {SHIPPING}?").as_of) == "2024-03-31"


@pytest.mark.parametrize(("text", "kind"), [
    (f"Roll forward the shareholder register of {SHIPPING} from 31/12/2023 to 30/06/2024; show additions and "
     "disposals.", "diff"),
    (f"Any owners of {SHIPPING} at 30 June 2024 with no stake on file?", "quality"),
    (f"Is the register of {SHIPPING} missing any holding percentages?", "quality"),
    (f"Check whether any company in the data holds shares in itself at 30 June 2024.", "cycles"),
    ("We were handed only LEI 529900T8BM49AURSDO55. What company is that?", "names"),
    (f"Who held the shares of {SHIPPING} at 30 June 2024, and what percentage did each hold?", "owners"),
    (f"Compliance note: each holder of shares in {SHIPPING} on 2024-06-30 is named with its stake.", "owners"),
])
def test_register_words(text: str, kind: str) -> None:
    assert _read(text).pattern == kind


def test_graph_wide_words_are_no_entity() -> None:
    q = _read("Inspect the whole ownership population at 30/06/2024 for circular holdings and list each loop.")
    assert q.pattern == "cycles" and not q.anchors
    q = _read("Given the full ownership graph as of 2024-06-30, then each circular holding (A owns B, which in turn "
              "owns A) is reported.")
    assert q.pattern == "cycles" and not q.anchors


def test_a_question_after_a_legal_forms_full_stop_is_not_the_name() -> None:
    q = _read(f"Conflicting figures for the stake of {VALTORA}. in Harbourline Holdings PLC. What is the right figure?")
    assert all(not m.text.endswith("What") for m in q.anchors)
    q = _read("Stake of Valtora Investments Ltd. in Northwind Ltd. What is the right percentage as of 30 June 2024?")
    assert [m.text for m in q.anchors][-1] == "Northwind Ltd."


def test_a_meeting_date_is_not_in_the_graph() -> None:
    assert _read(f"Voicemail from Sam: he needs the date of the last AGM of {SHIPPING}.").pattern == "unknown"
