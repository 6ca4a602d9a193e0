"""The view's page without a browser: the kinds ``--with`` names, the clock encoding the page
compares (a knowledge slider day is the end of that day, as ``make_clock`` reads a date), and a
file that loads nothing from elsewhere."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from ownergraph.domain.clock import make_clock
from ownergraph.domain.vocabulary import CHANNELS
from ownergraph.graph.analytics.timeline import CHAIN_TYPES, Timeline, Version, side_types
from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX
from ownergraph.retrieval.view.page import render
from ownergraph.retrieval.view.payload import day_number, millis, payload

DAY_MS = 86_400_000


def test_with_names_channels_off_the_chain() -> None:
    every = side_types(list(CHANNELS))
    assert every and not set(every) & set(CHAIN_TYPES)
    plural = side_types([f"{n}s" for n in CHANNELS])
    assert plural == every
    with pytest.raises(ValueError, match="unknown edge kind"):
        side_types(["mortgages"])


@pytest.mark.parametrize("offset", [timedelta(0), timedelta(hours=23, minutes=59, seconds=59, microseconds=999_999),
                                    timedelta(days=1), timedelta(days=1, microseconds=1), timedelta(microseconds=-1)])
def test_a_knowledge_day_is_its_end_as_the_analytics_read_it(offset: timedelta) -> None:
    day = date(2020, 3, 1)
    instant = datetime(2020, 3, 1, tzinfo=timezone.utc) + offset
    next_midnight = (day_number(day) + 1) * DAY_MS  # what the page compares against (view.js)
    known_at = make_clock("2020-03-01", day).known_at
    assert (millis(instant) < next_midnight) == (instant <= known_at)  # known_from <= known_at
    assert (next_midnight <= millis(instant)) == (known_at < instant)  # known_at < known_to


def _one_edge() -> Timeline:
    tl = Timeline("a", 3, CHAIN_TYPES, ())
    tl.nodes = {"a": {"name": "A </script> Ltd"}, "b": {"name": "B"}}
    props = {"stake_lo": 0.3, "stake_hi": 0.5, "valid_from": date(2020, 1, 1), "valid_to": VALID_MAX,
             "known_from": datetime(2020, 2, 1, tzinfo=timezone.utc), "known_to": KNOWN_MAX,
             "source_system": "bods", "source_record_id": "rec-1"}
    tl.versions = [Version("r1", "b", "a", CHAIN_TYPES[0], props)]
    return tl


def test_the_page_is_one_file_that_loads_nothing() -> None:
    data = payload(_one_edge(), make_clock("2024-06-30"))
    assert data["edges"][0]["label"] == "30–50%" and data["edges"][0]["cite"]["source_record_id"] == "rec-1"
    text = render(data)
    assert "default-src 'none'" in text and "<script src" not in text and "<link" not in text
    assert text.count("</script>") == 3  # the data, cytoscape.js, the page script: a name cannot end one
    assert "cytoscape.js 3.34.4" in text



def test_the_page_holds_every_edge_the_analytics_admit_at_any_clock(graph) -> None:
    # the superset property the page's filtering rests on, over a grid of clocks (no browser)
    from pathlib import Path

    from ownergraph.graph.analytics.lookup import find_entity
    from ownergraph.graph.analytics.timeline import timeline, visible_at
    from ownergraph.graph.load.pipeline import ingest_paths

    ingest_paths(graph, [Path(__file__).resolve().parents[2] / "examples" / "bundle"])
    side = side_types(list(CHANNELS))
    for name in ("Harbourline Shipping Limited", "Ivan Petrov"):
        key = find_entity(graph, name).key
        held = {v.rid for v in timeline(graph, key, side).versions}
        for year in range(2015, 2026, 2):
            for known in (f"{year}-01-31", "2026-01-01"):
                assert visible_at(graph, key, make_clock(f"{year}-06-30", known), side) <= held
