"""Schedule 13D/G XML in the ``coverPage`` layout, rewritten into the SEC schema's element names.

Some filing tools write an ``edgarSubmission`` whose elements follow their own object model rather
than the SEC's Schedule 13D/G technical specification (seen in danielsobrado/edgar4j's
``Schedule13Document``): ``formData/coverPage`` (``issuerName``, ``issuerCik``, ``cusipNumber``,
``securityTitle``, ``dateOfEvent``) and ``formData/reportingPersonInfo`` (``nameOfReportingPerson``,
``reportingPersonCik``, ``identificationOrResidence/citizenshipOrPlaceOfOrganization``,
``typeOfReportingPerson`` as a comma list, ``ownershipInfo/*`` with the cover-page rows). Every
element is named for the cover-page item it holds, so it maps one to one onto the SEC names; the
reader then reads it as any SEC filing. Nothing is guessed: an element not listed stays unread.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

# SEC coverPageHeader path <- coverPage element
_COVER = {"issuerInfo/issuerName": "issuerName", "issuerInfo/issuerCik": "issuerCik",
          "issuerInfo/issuerCusip": "cusipNumber", "securitiesClassTitle": "securityTitle",
          "dateOfEvent": "dateOfEvent", "amendmentNo": "amendmentNumber"}
# SEC reportingPersonInfo element <- element under the layout's reportingPersonInfo
_PERSON = {"reportingPersonName": "nameOfReportingPerson", "reportingPersonCIK": "reportingPersonCik",
           "citizenshipOrOrganization": "identificationOrResidence/citizenshipOrPlaceOfOrganization",
           "aggregateAmountOwned": "ownershipInfo/aggregateAmountBeneficiallyOwned",
           "percentOfClass": "ownershipInfo/percentOfClass",
           "soleVotingPower": "ownershipInfo/soleVotingPower", "sharedVotingPower": "ownershipInfo/sharedVotingPower",
           "soleDispositivePower": "ownershipInfo/soleDispositivePower",
           "sharedDispositivePower": "ownershipInfo/sharedDispositivePower",
           "memberGroup": "memberOfGroup"}


def is_cover_page_layout(root: Any) -> bool:
    """An edgarSubmission with ``formData/coverPage`` naming an issuer, and no SEC cover page."""
    return (root.find("formData/coverPageHeader") is None
            and root.find("formData/coverPage") is not None
            and any(root.findtext(f"formData/coverPage/{t}", "").strip() for t in ("issuerName", "issuerCik")))


def to_sec_layout(root: Any) -> Any:
    """A copy of ``root`` with the SEC schema's elements (coverPageHeader, reportingPersons)."""
    out = etree.Element("edgarSubmission")
    header = root.find("headerData")
    if header is not None:
        out.append(_copy(header))
    form = etree.SubElement(out, "formData")
    cover = etree.SubElement(form, "coverPageHeader")
    _move(root.find("formData/coverPage"), cover, _COVER)
    persons = etree.SubElement(form, "reportingPersons")
    for p in root.findall("formData/reportingPersonInfo"):
        person = etree.SubElement(persons, "reportingPersonInfo")
        _move(p, person, _PERSON)
        for code in (p.findtext("typeOfReportingPerson") or "").split(","):
            if code.strip():
                etree.SubElement(person, "typeOfReportingPerson").text = code.strip()
    for sig in root.findall("formData/signatureBlock"):  # signature dates: the filing's known date
        block = etree.SubElement(form, "signatureInformation")
        etree.SubElement(block, "date").text = sig.findtext("signatureDate")
    return out


def _move(src: Any, dst: Any, mapping: dict[str, str]) -> None:
    for target, source in mapping.items():
        value = src.findtext(source) if src is not None else None
        if value is None or not value.strip():
            continue
        parent = dst
        *parents, leaf = target.split("/")
        for name in parents:
            parent = parent.find(name) if parent.find(name) is not None else etree.SubElement(parent, name)
        etree.SubElement(parent, leaf).text = value.strip()


def _copy(el: Any) -> Any:
    return etree.fromstring(etree.tostring(el))
