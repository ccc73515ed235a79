"""The tags a person types into ``/marsbot card``, in either language, with or without diacritics.

A Czech player types the tag names the Czech edition prints and the bot shows ("stavba", "věda",
"Země", or "zeme"); anyone may type the English ones ("building") or their ids. A word that names
no tag is refused in words, listing the tags this game uses, never echoing the move's notation.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bot.errors import UserError
from bot.i18n import LANGS, Tr
from cogs.marsbot.labels import tag_name
from engine.marsbot.content import TAGS
from engine.marsbot.notation import MAX_TAGS, NO_TAGS


def folded(word: str) -> str:
    """``word`` as typed names are compared: lower case, without diacritics ("Země" -> "zeme")."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _names(allowed: Sequence[str]) -> dict[str, str]:
    """Every way to name a tag of this game -> its id: the id and its name in each language."""
    found: dict[str, str] = {}
    for tag in allowed:
        found[folded(tag)] = tag
        for lang in LANGS:
            found[folded(tag_name(Tr(lang), tag))] = tag
    return found


def _none_words() -> set[str]:
    """The words of "no tags": the notation's and the "No tags" choice's in each language."""
    words = {NO_TAGS, "-"}
    for lang in LANGS:
        words.add(folded(Tr(lang)("marsbot.quick.none")))
    return words


def typed_tags(text: str, allowed: Sequence[str], tr: Tr) -> list[str]:
    """The tag ids ``text`` names in order (commas, plus signs or spaces between them), or a
    refusal in ``tr``'s words naming the tags this game uses (``allowed``). Any tag is read, one
    this game does not use too: the engine's rules answer it (a Venus tag without Venus Next is
    ignored, a wild one without Prelude refused)."""
    if folded(text.strip()) in _none_words():
        return []
    words = text.replace(",", " ").replace("+", " ").split()
    if not words or folded(" ".join(words)) in _none_words():
        return []
    names = _names(TAGS)
    tags = []
    for word in words:
        tag = names.get(folded(word))
        if tag is None:
            known = ", ".join(tag_name(tr, t) for t in allowed)
            raise UserError("marsbot.card_tags.unknown", typed=word, tags=known)
        tags.append(tag)
    if len(tags) > MAX_TAGS:
        raise UserError("marsbot.quick.too_many", most=MAX_TAGS)
    return tags
