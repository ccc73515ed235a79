"""Every Czech sentence, rendered with a feminine, a masculine and a plural subject, reads as Czech.

A player's name is a Discord display name ("jana", "Jana Nováková", "xX_gamer_Xx"): the bot cannot
decline it and does not know whose it is, so a sentence keeps it in the nominative, in a place
where the nominative is right (the subject, after a colon, in brackets), and says nothing that
needs the player's gender (no "vzal(a)", no "hráče" before a woman's name). A MarsBot card may be
plural ("Lobbisté"), so no verb agrees with a card's name. See docs/architecture.md, "Names that
cannot decline". Each check below was seen in play (issue 33) before it was written.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping

import pytest

from bot.declension import CASES, Name
from bot.i18n import catalog, is_plural, sentences, t

PERSON_FIELDS = frozenset(
    {"name", "seat", "target", "host", "by", "opponent", "owner", "player", "funder", "names", "players"}
)
"""Fields that carry a player's display name in some sentence (elsewhere a thing: harmless here)."""

BOT_ONLY = frozenset({"lobby.bot_added", "lobby.bot_removed", "lobby.seat.bot"})
"""Sentences whose name is always one of the bot's own players ("Bot 1 (lehký)"): masculine."""


def _card(nominative: str, **forms: str) -> Name:
    return Name(nominative, forms)


SUBJECTS: dict[str, dict[str, object]] = {
    "feminine": {
        "person": "Jana",
        "card": _card(
            "Dílna (E01)",
            gen="Dílny (E01)",
            dat="Dílně (E01)",
            acc="Dílnu (E01)",
            loc="Dílně (E01)",
            ins="Dílnou (E01)",
        ),
    },
    "masculine": {
        "person": "Petr",
        "card": _card(
            "Kosmodrom (M3)",
            gen="Kosmodromu (M3)",
            dat="Kosmodromu (M3)",
            acc="Kosmodrom (M3)",
            loc="Kosmodromu (M3)",
            ins="Kosmodromem (M3)",
        ),
    },
    "plural": {
        "person": "Jana, Petr",
        "singular_card": "Kosmodrom (M3)",
        "card": _card(
            "Lobbisté (B06)",
            gen="Lobbistů (B06)",
            dat="Lobbistům (B06)",
            acc="Lobbisty (B06)",
            loc="Lobbistech (B06)",
            ins="Lobbisty (B06)",
        ),
    },
}
"""The subjects every sentence is rendered with: a player (one woman, one man, or several people
where a sentence lists them) and a card or tile (MarsBot's "Lobbisté" is plural; the other games
have no plural names, so their sentences get a singular one there)."""

CARD_FIELDS = frozenset({"card", "tile", "building", "bomb"})
PLURAL_CARDS = ("marsbot.", "render.marsbot.")
"""Only MarsBot has cards named in the plural ("Invazní druhy", "Lobbisté"); the other games'
buildings, tiles and cards are singular nouns."""

REAL_VALUES: dict[str, list[str]] = {
    "question": [f"marsbot.question.{k}" for k in ("card", "cost", "plants", "closest", "values", "total")],
    "production": ["moonriser.nothing", "moonriser.colour.blue"],
    "made": ["moonriser.nothing"],
    "colour": ["moonriser.colour.blue", "moonriser.colour.yellow"],
}
"""Fields whose words come from other catalog entries: rendered with those very words."""

NUMBER_FIELDS = ("count", "points", "left", "most", "score", "value", "total", "games", "free", "minimum")

# ---------------------------------------------------------------------------- what reads wrong

GOVERNING = (
    r"na|pro|za|od|do|u|k|ke|s|se|z|ze|bez|proti|po|o|v|ve|podle|kolem|mezi|před|nad|pod|"
    r"místo|kvůli|vůči|hráč|hráče|hráči|hráčem|hráčka|hráčky|hráčce|hráčku|hráčkou|soupeře|soupeři"
)
"""Prepositions and the nouns "hráč"/"soupeř" in another case than the nominative: a name right
after them must decline (impossible for a nickname) and "hráče" gives a woman a man's gender."""

HEDGE = re.compile(r"\w\((?:a|o|y|i|la|lo)\)|\b(?:něj/ni|jeho/její|mu/jí|sám/sama|on/ona|ho/ji)\b")
"""Gender hedges: "vzal(a)", "za něj/ni"."""

NOTHING_WITHOUT_NEGATION = re.compile(
    r"\b(?:vyprodukuje|produkuje|dostaneš|dostává|získá|získává|získáš|platí|zaplatíš|dává|dá) \**nic\b"
)
"""Czech negates a verb with "nic": "nic nevyprodukuje", never "vyprodukuje nic"."""

COLOUR_AS_OBJECT = re.compile(r"\b[Bb]arvu \**\w+á\b")
""""Barvu modrá": the colour's adjective after its noun in the accusative stays nominative."""

TELL_YOURS = re.compile(r"\břekne(?:š|te)\b[^.!?]*\btv(?:oje|é|ou|ůj|á)\b")
"""After "řekneš", the reader's own things are "své", not "tvoje"."""

TOP_CARD = re.compile(r"\b(horn|vrchn)(?:í|ích)\b(?: \**\{?\w+\}?\**)? \**kar", re.IGNORECASE)
""""The top card" of a deck: one word per game, the word its Czech edition prints."""

COMMA_BEFORE_CO = re.compile(
    r"\b(?:řekneš|řekni|víš|nevíš|zjisti|zjistíš|napiš|ukaž|zadej|vyber|čeká|nevím|uvidíš|zeptám se tě)"
    r"(?: \w+)? \**co\b"
)
"""A clause "co …" after a verb of saying or knowing is set off by a comma."""


def problems(text: str, subject: Mapping[str, object]) -> list[str]:
    found = []
    person = re.escape(str(subject["person"]))
    card = str(subject["card"])
    if m := re.search(rf"(?i)\b(?:{GOVERNING})[ *]+{person}\b", text):
        found.append(f"name not in the nominative's place: {m.group(0)!r}")
    if re.search(r"(?i)čeká se na\b", text) and re.search(rf"\b{person}\b", text):
        found.append("'čeká se na' a name")
    if m := re.search(rf"\b{person}\**[ ]+(?:se |si |ze hry |od stolu )?\w+la?\b", text):
        found.append(f"a player's gender in a past tense: {m.group(0)!r}")
    if m := re.search(rf"(?<!„)\b{person}\b[^.]*?\b(?:jeho|jemu|něj|ním|její|ní)\b", text):
        found.append(f"a player's gender in a pronoun: {m.group(0)!r}")
    if m := HEDGE.search(text):
        found.append(f"gender hedge {m.group(0)!r}")
    clause_start = r"(?:^|[.:;!?]\s+|[^\w\s,]+\s*)"
    agrees = rf"{clause_start}\**{re.escape(card)}\**[ ]+(?:se |si )?\w*[eěá]\b"
    if card.startswith("Lobbisté") and (m := re.search(agrees, text)):
        found.append(f"singular verb after a plural card: {m.group(0)!r}")
    for name, pattern in (
        ("verb + nic", NOTHING_WITHOUT_NEGATION),
        ("nominative colour", COLOUR_AS_OBJECT),
        ("tvoje after řekneš", TELL_YOURS),
        ("no comma before co", COMMA_BEFORE_CO),
    ):
        if m := pattern.search(text):
            found.append(f"{name}: {m.group(0)!r}")
    return found


def _fields(text: str) -> Iterator[tuple[str, str]]:
    for _, field, spec, _ in string.Formatter().parse(text):
        if field:
            yield field, spec or ""


def _params(key: str, texts: list[str], subject: Mapping[str, object]) -> Iterator[dict[str, object]]:
    """The sentence's parameters: its subject, numbers, and each real value a field may take."""
    specs = {field: spec for text in texts for field, spec in _fields(text)}
    fields = set(specs) - {"cmd"}
    base: dict[str, object] = {}
    for field in fields:
        if key in BOT_ONLY and field == "name":
            base[field] = "Bot 1 (lehký)"
        elif field in PERSON_FIELDS:
            base[field] = subject["person"]
        elif field in CARD_FIELDS:
            singular_only = not key.startswith(PLURAL_CARDS)
            base[field] = subject.get("singular_card", subject["card"]) if singular_only else subject["card"]
        elif field in NUMBER_FIELDS or (specs[field] and specs[field] not in CASES):
            base[field] = 2
        else:
            base[field] = f"<{field}>"
    real = [field for field in fields if field in REAL_VALUES]
    yield base
    for field in real:
        for source in REAL_VALUES[field]:
            yield {**base, field: t("cs", source)}


def rendered(key: str, params: dict[str, object]) -> list[str]:
    """The sentence in each of its plural forms."""
    if not is_plural("cs", key):
        return [t("cs", key, **params)]
    selector = catalog("cs").get(f"{key}.plural", "count")
    return [t("cs", key, **{**params, selector: number}) for number in (1, 2, 5)]


def every_problem(subject_kind: str) -> dict[str, list[str]]:
    subject = SUBJECTS[subject_kind]
    found: dict[str, list[str]] = {}
    for key, texts in sorted(sentences("cs").items()):
        for params in _params(key, texts, subject):
            for text in rendered(key, params):
                for problem in problems(text, subject):
                    found.setdefault(key, []).append(f"{problem} in {text!r}")
    return found


# ---------------------------------------------------------------------------- the tests


def test_the_checks_catch_each_defect_players_met() -> None:
    """What issue 33 quoted, each caught (so a later catalog cannot bring it back unseen)."""
    woman, man, plural = SUBJECTS["feminine"], SUBJECTS["masculine"], SUBJECTS["plural"]
    assert problems("Nejsi na tahu: čeká se na petr.", man)
    assert problems("čeká se na: Jana", woman)
    assert problems("Moonriser: stůl hráče Jana", woman)
    assert problems("Statistiky hráče Petr", man)
    assert problems("🤖 Za Jana hraje bot.", woman)
    assert problems("Jana: body; každé kolo vyprodukuje nic.", woman)
    assert problems("Barvu modrá měň za jinou barvu.", woman)
    assert problems("❓ MarsBot znovu čeká, až mu řekneš tvoje hodnoty v soutěžích.", woman)
    assert problems("❓ MarsBot znovu čeká, až mu řekneš co ukazuje otočená karta.", woman)
    assert problems("↩️ **Jana** vzal(a) svůj poslední tah zpět.", woman)
    assert problems("Lobbisté (B06) se vyřazuje ze hry.", plural)
    assert problems("Lobbisté (B06) jde na MarsBotovu odhazovací hromádku.", plural)
    # … and what reads right passes.
    for fine in (
        "Na tahu je Jana.",
        "Na tahu: Jana, Petr",
        "Statistiky: Jana",
        "Ze hry se vyřazuje karta Lobbisté (B06).",
        "Řekni MarsBotovi, co ukazuje karta.",
        "Jana: každé kolo nic nevyprodukuje.",
        "Na „Jana“ teď vsadit nejde.",
    ):
        for subject in (woman, plural):
            assert not problems(fine, subject), fine


@pytest.mark.parametrize("subject_kind", sorted(SUBJECTS))
def test_every_czech_sentence_reads_right_with_this_subject(subject_kind: str) -> None:
    found = every_problem(subject_kind)
    assert not found, "\n".join(f"{key}: {p}" for key, ps in found.items() for p in ps)


def test_every_czech_sentence_is_rendered() -> None:
    """Nothing is skipped: each message renders with each subject into text, no key left raw."""
    keys = sentences("cs")
    assert len(keys) > 1500
    for key, texts in keys.items():
        for params in _params(key, texts, SUBJECTS["feminine"]):
            for text in rendered(key, params):
                assert text != key and "{" not in text.replace("{{", ""), (key, text)
                assert all(case not in text for case in (f":{c}}}" for c in CASES)), (key, text)


def top_card_words(prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    """The words each game's Czech sentences use for the top card of a deck, by key."""
    found: dict[str, set[str]] = {}
    for key, texts in sentences("cs").items():
        if key.startswith(prefixes):
            for text in texts:
                for m in TOP_CARD.finditer(text):
                    found.setdefault(m.group(1).lower(), set()).add(key)
    return found


def test_each_game_names_the_top_card_of_a_deck_with_its_czech_editions_word() -> None:
    """MarsBot said "vrchní kartu" in 16 sentences and "horní kartu" in one; its Czech cards say
    "vyhodnoťte za MarsBota horní kartu projektu z balíčku" (engine/marsbot/data)."""
    from engine.marsbot.content import corporations

    printed = " ".join(c.text.get("cs", "") for c in corporations().values())
    assert "horní kartu projektu z balíčku" in printed
    marsbot = top_card_words(("marsbot.", "render.marsbot.", "cmd.marsbot."))
    assert set(marsbot) == {"horn"}, marsbot
    for game in ("runarch", "moonriser", "manhattan"):
        words = top_card_words((f"{game}.", f"render.{game}.", f"cmd.{game}."))
        assert len(words) <= 1, (game, words)
    assert not TOP_CARD.search("Číslo v levém horním rohu karty")  # a corner is "horní" anywhere
    assert TOP_CARD.search("Vrchních **3** karet projektů") and TOP_CARD.search("Otoč **horní kartu**")


def test_every_manhattan_space_in_the_picker_says_what_it_does_in_czech() -> None:
    """A space's label is composed of several entries: an action ("koupit budovu") is no amount
    to be given, so "dostaneš koupit budovu" was shown for the building space."""
    from bot.i18n import Tr
    from cogs.manhattan.pickers import _space_label
    from engine.manhattan.content import spaces_of
    from engine.manhattan.game import GAME

    state = GAME.new(2, {}, 5)
    labels = {space.id: _space_label(Tr("cs"), state, space.id) for space in spaces_of(state)}
    assert len(labels) > 10
    for space_id, label in labels.items():
        # "dostaneš" is followed by what is given (a number, money, a worker), never a verb.
        assert not re.search(r"dostaneš \w+t\b", label), (space_id, label)
        assert not problems(label, SUBJECTS["feminine"]), (space_id, label)
    actions = [label for label in labels.values() if t("cs", "manhattan.action.build") in label]
    assert actions and all("dostaneš" not in label for label in actions), actions


def test_a_marsbot_bonus_card_named_in_the_plural_leaves_in_good_czech() -> None:
    """B06 "Lobbisté" and B02 "Invazní druhy" are plural: "Lobbisté (B06) se vyřazuje" was posted."""
    from bot.board_post import BoardPosts
    from bot.i18n import Tr
    from cogs.marsbot.events import event_words
    from engine.core import Event

    for card, name in (("B06", "Lobbisté"), ("B02", "Invazní druhy")):
        for code in ("bonus_removed", "bonus_discarded"):
            event = Event(f"marsbot.{code}", {"card": card})
            text = BoardPosts.event_text(Tr("cs"), event, ["dana"], event_words)
            assert f"Karta {name} ({card})" in text, text
            assert not problems(text, {**SUBJECTS["plural"], "card": f"{name} ({card})"}), text
