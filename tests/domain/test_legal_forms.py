"""ISO 20275 legal forms (issue 31): one list for readers and resolution, names of every script kept."""

from __future__ import annotations

from ownergraph.domain.legal_forms import trailing_form
from ownergraph.resolution.normalise import normalise_name, suffix_compatibility


def test_forms_of_many_jurisdictions_are_known_with_their_elf_code() -> None:
    before, forms = trailing_form("Acme Baltic OÜ")
    assert before == "Acme Baltic" and ("JC0Y", "EE") in {(f.code, f.country) for f in forms}
    for name, rest in (("Acme Nordic ApS", "Acme Nordic"), ("Acme Polska Sp. z o.o.", "Acme Polska"),
                       ("Müller GmbH & Co. KG", "Müller"), ("Acme Oy", "Acme"), ("Bar Pte. Ltd.", "Bar")):
        found = trailing_form(name)
        assert found and found[0] == rest, name
    assert trailing_form("Gates Foundation") is None  # full local names ("Foundation") are not forms


def test_resolution_strips_the_same_forms_and_keeps_the_letters() -> None:
    ou = normalise_name("Acme Baltic OÜ")
    assert (ou.key, ou.suffix) == ("acme baltic", "elf_ou")
    assert normalise_name("ACME BALTIC OÜ").key == normalise_name("Acme Baltic Oü").key
    assert normalise_name("Acme Polska Sp. z o.o.").suffix == "sp_zoo"  # the hand table's class stays
    assert suffix_compatibility("elf_ou", "ltd") == 0.95  # a form of no known family: weak, not a veto


def test_forms_written_with_accents_or_apart() -> None:
    from ownergraph.domain.legal_forms import trailing_form
    for name in ("Corvane Services S.à r.l.", "Corvane Services S.à.r.l.", "Corvane Services Sàrl"):
        found = trailing_form(name)
        assert found is not None and found[0] == "Corvane Services", name
    assert trailing_form("Corvane Trading Co Ltd")[0] == "Corvane Trading Co"  # type: ignore[index]
