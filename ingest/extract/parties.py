"""Whether a name a sentence or a table row gives is a party: an organisation or a person.

A filing's capitalised words are often no party: a heading ("Documents Incorporated by
Reference" became an acquirer "Documents Incorporated"), a country ("a company incorporated in
Hong Kong", "Italy's leading ..."), a security or share class ("Class A Common Stock", "the
Company's Ordinary Shares"), a division or segment, a document or an event. The negative shapes
below are data, each from a real miss (issue 32 and the prose corpus's dev documents); a name
that matches one is never a party, whatever rule found it. A name with a legal form ("OÜ",
"S.à r.l.", "GmbH & Co. KG", ISO 20275) is an organisation by its form (:func:`has_legal_form`).
"""

from __future__ import annotations

import re

from ownergraph.domain.legal_forms import trailing_form
from ownergraph.domain.places import names_place

__all__ = ["NEGATIVE_SHAPES", "REGIONS", "has_legal_form", "is_party", "is_place", "split_form"]

# regions a filing names as places, which no ISO 3166 list holds ("Italy's leading …" is a country,
# :func:`ownergraph.domain.places.names_place`'s)
REGIONS = frozenset({"europe", "asia", "africa", "latin america", "north america", "emea", "asia pacific", "apac"})


def is_place(text: str) -> bool:
    """Whether the text is a country, territory, subdivision (the one place list) or a region."""
    return names_place(text) or " ".join(text.casefold().split()) in REGIONS


# (why, shape): a name matching any of these is no party
NEGATIVE_SHAPES: list[tuple[str, re.Pattern[str]]] = [(why, re.compile(rx, re.I)) for why, rx in [
    # a 10-K's headings and boilerplate ("Documents Incorporated by Reference" -> "Documents Incorporated")
    ("heading", r"^(?:documents?\sincorporated|item\s\d|part\s[ivx]+\b|table\sof\scontents|exhibits?\b|"
                r"signatures?\b|notes?\sto\b|management'?s\sdiscussion|risk\sfactors|properties$|"
                r"legal\sproceedings|security\sownership|selected\sfinancial|quantitative\sand\b|"
                r"controls\sand\sprocedures|general$|business$|overview$|introduction$|total\b|subtotal\b|"
                # Item 7's and Item 8's titles ("... Analysis of Financial Condition and Results of
                # Operations" ran into the next line's "Torotel, Inc." as one name)
                r"analysis\sof\sfinancial|results\sof\soperations|financial\scondition|"
                r"(?:consolidated\s)?financial\sstatements|market\sfor\s(?:the\s)?registrant|executive\scompensation)"),
    # a security or a share class ("Class A Common Stock", "Series B Preferred", "Ordinary Shares")
    ("security", r"\b(?:common\s(?:stock|shares|units)|preferred\s(?:stock|shares)|ordinary\sshares|"
                 r"class\s[a-z]\b|series\s[a-z0-9]+\b|shares?$|stock$|notes?$|debentures?$|bonds?$|warrants?$|"
                 r"units$|securities$|adss?$|american\sdepositary)"),
    # a division, segment, business, product line or brand, not a legal person
    ("division", r"\b(?:division|segment|business|operations|franchise|brand|unit|platform|portfolio)$"),
    # a document, an agreement, an event or a defined transaction
    ("document", r"\b(?:agreements?|indentures?|plan|report|statement|prospectus|act|rules?|regulations?|"
                 r"transaction|merger|(?:business\s)?combination|acquisition|offer|closing|amendment|schedule|form\s\d+\S*|separation|distribution|"
                 r"spin-?off|reorganization|offering|exchange\soffer)$|"
                 r"^(?:articles|certificate|memorandum|by-?laws|charter)\b"),
    # an unnamed group of holders or officers ("All directors and executive officers as a group")
    ("group of people", r"^(?:all\s|each\s|certain\s|other\s|the\s)?(?:directors|officers|executive\sofficers|"
                        r"shareholders|stockholders|holders|lenders|banks|purchasers|investors|members|"
                        r"employees|persons?|reporting\spersons?)\b|\bas\sa\sgroup\b"),
    # a numbered part of a document or a rule ("Section 16", "Rule 13d-3", "Note 5", "Exhibit 21")
    ("reference", r"^(?:section|rule|article|note|page|exhibit|schedule|annex|appendix|regulation|item)\s[\w.()-]+$"),
    # a month, a date or a period
    ("date", r"^(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|"
             r"^(?:fiscal|quarter|year)\b"),
    # an officer's title
    ("title", r"^(?:chief\s|president\b|chair(?:man|person|woman)?\b|board\smember\b|vice\spresident|director\b|secretary\b|treasurer\b|"
              r"senior\svice|executive\svice)"),
    # a bare role word, a dateline or a page heading ("Bank of New York, Trustee,", "About Abbott", "US-based")
    ("role word", r"^(?:trustee|agent|administrative\sagent|collateral\sagent|lenders?|borrowers?|guarantors?|"
                  r"issuers?|purchasers?|sellers?|buyers?|parent|registrant|nominee|stockholders?|shareholders?|"
                  r"holders?|members?|investors?)$|^about\s|-based$"),
    # a defined party role with a short qualifier, not a name ("“Managing Member” means the MGP Member")
    ("defined role", r"^[A-Z][\w&.-]{0,12}\s(?:member|partner|guarantor|borrower|lender|purchaser|seller|investor|holder|"
                     r"trustee|contributor)$"),
    # a function word that starts a sentence ("With the acquisition of ...")
    ("function word", r"^(?:with|for|from|by|in|on|at|as|under|after|before|during|following|upon|through|"
                      r"although|because|since|while|when|where|if|its|our|their|this|these|those|actually|also|however|"
                      r"additionally|further|furthermore|moreover|finally|currently|today|now|recently|meanwhile|"
                      r"accordingly|therefore|thus|indeed|previously|subsequently|together|here|there|yes|no|so|"
                      r"then|well|please|note|over|across|within|despite|including|excluding|until|unless|whereas)$"),
    # an address or a place ("6 Heddon Street", "P.O. Box 57")
    ("address", r"^(?:c/o\b|p\.?\s?o\.?\sbox\b|\d+\s\w+\s(?:street|avenue|road|floor)\b)"),
]]


_KIND_OF_ENTITY = re.compile(r"(?:an?\s)?(?P<place>[A-Z][\w .]{1,30}?)\s(?:corporation|limited\sliability\scompany|"
                             r"limited\spartnership|company|statutory\strust|exempted\scompany)", re.I)

# the shapes a legal form overrides: "Holdings Ordinary Shares Ltd" is a company; a heading is never one
_FORM_WINS = frozenset({"security", "division", "document", "group of people", "defined role"})


# the forms written out in full, which the ISO 20275 abbreviations leave out ("Claris (Ireland) Limited")
_FULL_FORMS = re.compile(r",?\s(?:Limited|Corporation|Company|Incorporated|Partnership|Aktiengesellschaft|"
                         r"Public\sLimited\sCompany|Limited\sLiability\sCompany|National\sAssociation)\.?$", re.I)


def split_form(name: str) -> tuple[str, str] | None:
    """(the name's words before its legal form, the form), the longer of an ISO 20275 form and
    one written out ("HSBC BANK USA, NATIONAL ASSOCIATION"), or None."""
    flat = " ".join(name.split())
    iso = trailing_form(flat)
    full = _FULL_FORMS.search(flat)
    cands = [(iso[0], flat[len(iso[0]):].strip(" ,"))] if iso else []
    if full:
        cands.append((flat[:full.start()], full[0].strip(" ,")))
    return min(cands, key=lambda c: len(c[0])) if cands else None


def has_legal_form(name: str) -> bool:
    """Whether ``name`` ends with a legal form: one of the ISO 20275 list ("Eesti Energia AS", "Foo
    OÜ", "Bar S.à r.l.") or one written out ("Limited", "Corporation")."""
    return split_form(name) is not None


def negative_shape(name: str) -> str | None:
    """Why ``name`` is no party (a :data:`NEGATIVE_SHAPES` reason, or ``country``), or None."""
    t = " ".join(name.split()).strip(" ,;:.").removeprefix("the ").removeprefix("The ")
    if is_place(re.sub(r"(?:’s|'s|’|')$", "", t)):
        return "country"
    kind = _KIND_OF_ENTITY.fullmatch(t)
    if kind is not None and is_place(kind["place"]):
        return "description"  # "a Delaware Corporation": what a party is, not who
    formed = has_legal_form(t)  # "Series Holdings Ltd" is a company, "Documents Incorporated" a heading
    return next((why for why, rx in NEGATIVE_SHAPES if rx.search(t) and not (formed and why in _FORM_WINS)), None)


def is_party(name: str | None) -> bool:
    """Whether ``name`` can be a party: capitalised, not a bare number, and of no negative shape."""
    if not name or len(name) < 2 or not re.search(r"[A-Z]", name) or re.fullmatch(r"[\d\W]+", name):
        return False
    return negative_shape(name) is None
