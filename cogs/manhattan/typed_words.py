"""What a player types for a space or workers, read as the notation's ids.

Autocomplete fills in ids (``mine1``, ``L+cE``), but a player may type what the lists show:
``Mine (left)``, ``Důl vlevo``, ``2 laborers + 1 contractor engineer``, ``inženýr a vědec``. Both
languages are read whatever the reader's own is; anything not understood is passed on as typed,
for the engine to refuse in the reader's words.
"""

from __future__ import annotations

import re
import unicodedata

from bot.errors import UserError
from bot.i18n import LANGS, catalog

SPACE_KEY = "manhattan.space."
WORKER_STEMS: dict[str, str] = {
    "lab": "L",
    "del": "L",
    "eng": "E",
    "inz": "E",
    "sci": "S",
    "ved": "S",
}
"""The first letters of a worker's word (without diacritics) in English and Czech."""
CONTRACTOR_STEMS = ("contract", "grey", "gray", "smluv", "sed")
SKIPPED = frozenset({"a", "and", "+", ","})
_TOKEN = re.compile(r"c?[les]", re.IGNORECASE)


def plain(text: str) -> str:
    """Lower case without diacritics or punctuation: ``Důl (vlevo)`` -> ``dul vlevo``."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^a-z0-9+]+", " ", letters).split())


def space_typed(text: str) -> str:
    """``Mine (left)`` / ``Důl vlevo`` / ``mine1`` -> ``mine1``; unknown text as typed (lower case)."""
    typed = plain(text)
    names: dict[str, str] = {}
    for lang in LANGS:
        for key, name in catalog(lang).items():
            if key.startswith(SPACE_KEY) and "." not in key[len(SPACE_KEY) :]:
                names[plain(name)] = key[len(SPACE_KEY) :]
    if typed in names.values():
        return typed
    if typed in names:
        return names[typed]
    compact = typed.replace(" ", "")
    found = {space for name, space in names.items() if name.replace(" ", "") == compact}
    return found.pop() if len(found) == 1 else text.strip().lower()


def _word_token(word: str) -> str | None:
    for stem, kind in WORKER_STEMS.items():
        if word.startswith(stem):
            return kind
    return None


def workers_typed(text: str) -> str:
    """What a player types (``e s``, ``E+cS``, ``2L``, ``2 laborers + 1 contractor engineer``,
    ``inženýr a vědec``) as the notation's worker list ``E+S``; anything else as typed."""
    tokens: list[str] = []
    contractor = False
    words = plain(text).replace("+", " + ").split()
    count = ""
    for word in words:
        if word in SKIPPED:
            continue
        digits = re.match(r"\d+", word)
        if digits:
            if count or len(digits.group()) > 1:
                return text.strip()
            count, word = digits.group(), word[digits.end() :]
            if not word:
                continue
        if word.startswith(CONTRACTOR_STEMS) and _word_token(word) is None:
            contractor = True
            continue
        if _TOKEN.fullmatch(word):
            token = "c" + word[-1].upper() if word.startswith("c") else word.upper()
        else:
            kind = _word_token(word)
            if kind is None:
                return text.strip()
            token = ("c" if contractor else "") + kind
        tokens.extend([token] * int(count or 1))
        count, contractor = "", False
    return "+".join(tokens) if tokens and not count else text.strip()


def understood(workers: str) -> bool:
    """Whether ``workers_typed`` made a worker list of the text (else it came back as typed)."""
    return bool(workers) and all(_TOKEN.fullmatch(token) for token in workers.split("+"))


def workers_or_refuse(text: str) -> str:
    """The worker list typed, or a refusal that says how workers are written."""
    workers = workers_typed(text)
    if not understood(workers):
        raise UserError("manhattan.pick.unknown_workers", typed=text.strip())
    return workers
