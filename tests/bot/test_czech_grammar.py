"""Czech that reads like Czech: names decline by their role in the sentence, and the bot speaks to
a player as "ty" everywhere (the plural only where it addresses several people at once)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from bot.declension import CASES, Name, join
from bot.i18n import catalog, forms_table, is_plural, sentences, t
from engine.manhattan.content import BUILDING_LIBRARY, bombs, buildings
from engine.moonriser.content import tiles


def _fields(text: str) -> Iterator[tuple[str, str]]:
    for _, field, spec, _ in string.Formatter().parse(text):
        if field:
            yield field, spec or ""


def _case_fields(text: str) -> dict[str, str]:
    return {field: spec for field, spec in _fields(text) if spec in CASES}


def czech_names() -> dict[str, str]:
    """Every Czech name the games insert into sentences: nominative -> where it comes from."""
    found: dict[str, str] = {}
    for tile_id, tile in tiles().tiles.items():
        found[tile.name["cs"]] = f"moonriser tile {tile_id}"
    for version in BUILDING_LIBRARY.versions():  # a running table keeps its content version
        for card_id, building in buildings(version).items():
            found[building.name["cs"]] = f"manhattan building {card_id} (v{version})"
        for card_id, bomb in bombs(version).items():
            found[bomb.name["cs"]] = f"manhattan bomb {card_id} (v{version})"
    for pile in ("basic", "advanced"):
        found[t("cs", f"moonriser.pile.{pile}")] = f"moonriser.pile.{pile}"
    return found


# ---------------------------------------------------------------------------- names decline


def test_every_czech_name_a_sentence_inserts_has_all_its_case_forms() -> None:
    table = forms_table("cs")
    missing = {
        name: where for name, where in czech_names().items() if not Name(name, table.get(name)).declines()
    }
    assert not missing, missing
    stale = set(table) - set(czech_names())
    assert not stale, f"case forms of names no content carries: {sorted(stale)}"
    for name, forms in table.items():
        assert set(forms) <= set(CASES) - {"nom"}, (name, forms)
        assert all(form.strip() for form in forms.values()), name


def test_a_case_spec_names_a_real_case() -> None:
    """A typo such as ``{tile:akk}`` would fail at run time: every non-numeric spec is a case."""
    for key, texts in sentences("cs").items():
        for text in texts:
            for field, spec in _fields(text):
                if field != "cmd" and spec and not re.fullmatch(r"[+\-]?\d*[dfs%]?|[+\-]d", spec):
                    assert spec in CASES, (key, field, spec)


EXPECTED_CASES: dict[str, dict[str, str]] = {
    "moonriser.base_placed": {"tile": "acc"},  # pokládá Základnu 3
    "moonriser.placed": {"tile": "acc"},  # staví Malou fúzní elektrárnu
    "moonriser.upgraded": {"tile": "acc"},  # vylepšuje Rozvodnu
    "moonriser.kept_private": {"tiles": "acc"},  # necháváš si Rozvodnu, Kosmodrom
    "moonriser.drew": {"tiles": "acc"},  # dobíráš Rozvodnu
    "moonriser.not_in_hand": {"tile": "acc"},  # Rozvodnu nemáš v ruce
    "manhattan.built": {"card": "acc"},  # kupuje Dílnu (E01)
    "manhattan.picked": {"card": "acc"},  # necháváš si Planetu (B02)
    "manhattan.repaired": {"cards": "acc"},  # opravuje Dílnu (E01)
    "manhattan.pick.raid_label": {"building": "acc"},  # Bombardovat Dílnu
}
"""Sentences whose name is the object of a verb: the nominative there reads as broken Czech."""


@pytest.mark.parametrize("key", sorted(EXPECTED_CASES))
def test_a_sentence_asks_for_the_case_its_verb_governs(key: str) -> None:
    for text in sentences("cs")[key]:
        assert _case_fields(text) == EXPECTED_CASES[key], text


def _sample(field: str) -> Name:
    return Name(f"<{field}>", {case: f"<{field}:{case}>" for case in CASES if case != "nom"})


def test_every_czech_sentence_with_a_declined_name_renders_each_case_it_uses() -> None:
    rendered = 0
    for key, texts in sentences("cs").items():
        for text in texts:
            cases = _case_fields(text)
            if not cases:
                continue
            params: dict[str, object] = {field: _sample(field) for field, _ in _fields(text)}
            params.update({n: 2 for n in ("count", "points", "left", "most", "score", "value")})
            for field, case in cases.items():
                for form in _forms_of(key, params, field):
                    assert f"<{field}:{case}>" in form, (key, form)
                    assert f"<{field}>" not in form.replace(f"<{field}:", ""), (key, form)
            rendered += 1
    assert rendered >= len(EXPECTED_CASES)


def _forms_of(key: str, params: dict[str, object], field: str) -> list[str]:
    """The sentence in each of its plural forms (each category's number)."""
    if not is_plural("cs", key):
        return [t("cs", key, **params)]
    selector = catalog("cs").get(f"{key}.plural", "count")
    return [t("cs", key, **{**params, selector: number}) for number in (1, 2, 5)]


def test_names_decline_in_real_sentences() -> None:
    from bot.i18n import Tr
    from cogs.manhattan.events import event_words as manhattan_words
    from cogs.moonriser.labels import event_words as moonriser_words

    tr = Tr("cs")
    code, params = moonriser_words(tr, "moonriser.base_placed", {"seat": "petr", "tile": "M3", "field": "C4"})
    assert t("cs", code, **params) == "🏠 petr pokládá Základnu 3 na pole C4."
    small = next(i for i, tile in tiles().tiles.items() if tile.name["cs"] == "Malá fúzní elektrárna")
    code, params = moonriser_words(
        tr,
        "moonriser.placed",
        {"seat": "petr", "tile": small, "field": "C4", "rotation": 0, "source": "hand", "cost": {"red": 2}},
    )
    assert "petr staví Malou fúzní elektrárnu na pole C4" in t("cs", code, **params)
    code, params = moonriser_words(tr, "moonriser.kept_private", {"tiles": ["M1", "M2"]})
    assert t("cs", code, **params) == "Necháváš si Základnu 1, Základnu 2."
    workshop = next(i for i, b in buildings().items() if b.name["cs"] == "Dílna")
    code, params = manhattan_words(
        tr, "manhattan.built", {"seat": "jana", "card": workshop, "slot": 2, "price": 3}
    )
    assert t("cs", code, **params).startswith(f"🏗️ jana kupuje Dílnu ({workshop}) z pole 2")
    planet = next(i for i, b in bombs().items() if b.name["cs"] == "Planeta")
    code, params = manhattan_words(tr, "manhattan.picked", {"card": planet})
    assert t("cs", code, **params) == f"📐 Necháváš si Planetu ({planet})."
    # English ignores the case: the same names, as printed.
    code, params = manhattan_words(Tr("en"), "manhattan.picked", {"card": planet})
    assert planet in t("en", code, **params)


def test_a_name_is_still_text_and_several_names_decline_together() -> None:
    base = Name("Základna 1", {"acc": "Základnu 1"})
    assert base == "Základna 1" and f"{base}" == "Základna 1" and f"{base:acc}" == "Základnu 1"
    assert f"{base:gen}" == "Základna 1"  # a form it lacks falls back to the nominative
    assert f"{join([base, Name('Dílna', {'acc': 'Dílnu'})]):acc}" == "Základnu 1, Dílnu"
    assert f"{base:>12}" == "  Základna 1"  # other format specs work as on any string
    # Plain text given to a sentence with a case spec keeps its one form instead of failing.
    assert "pokládá X na pole" in t("cs", "moonriser.base_placed", seat="a", tile="X", field="C4")


# ---------------------------------------------------------------------------- counted words


@pytest.mark.parametrize(
    ("key", "params", "expected"),
    [
        ("manhattan.bomb_built", {"seat": "a", "card": "X", "points": 24}, "X: 24 bodů."),
        ("manhattan.bomb_built", {"seat": "a", "card": "X", "points": 3}, "X: 3 body."),
        ("manhattan.tested", {"seat": "a", "card": "X", "value": 4, "points": 41}, "má nyní 41 bodů."),
        ("manhattan.amount.L", {"count": 1}, "1 dělníka"),
        ("manhattan.amount.L", {"count": 2}, "2 dělníky"),
        ("manhattan.worker.L", {"count": 5}, "5 dělníků"),
        (
            "moonriser.drew_public",
            {"seat": "a", "count": 1, "pile": "ze základního balíčku"},
            "a dobírá 1 dílek ze",
        ),
        (
            "moonriser.drew_public",
            {"seat": "a", "count": 3, "pile": "ze základního balíčku"},
            "dobírá 3 dílky ze",
        ),
        ("table.to_act", {"mention": "<@1>", "count": 1}, "<@1>, jsi na tahu."),
        ("table.to_act", {"mention": "<@1>, <@2>", "count": 2}, "<@1>, <@2>, jste na tahu."),
        ("waiting.to_act_limit", {"mention": "<@1>, <@2>", "count": 2, "deadline": "zítra"}, "jste na tahu"),
    ],
)
def test_counted_phrases_agree_with_their_number(key: str, params: dict[str, object], expected: str) -> None:
    assert expected in t("cs", key, **params)


def test_the_plays_seen_in_czech_games_read_as_czech() -> None:
    from bot.i18n import Tr
    from cogs.moonriser.labels import event_words

    tr = Tr("cs")
    code, params = event_words(tr, "moonriser.planned", {"seat": "a", "paid": 0, "draws": 0, "keep": 0})
    nothing = t("cs", code, **params)
    assert "nic neplatí" in nothing and "platí nic" not in nothing
    code, params = event_words(tr, "moonriser.drew_public", {"seat": "a", "count": 1, "pile": "basic"})
    assert t("cs", code, **params) == "a dobírá 1 dílek ze základního balíčku."
    code, params = event_words(tr, "moonriser.reshuffled", {"count": 12, "pile": "advanced"})
    assert t("cs", code, **params) == "12 odhozených dílků se znovu zamíchá do pokročilého balíčku."
    code, params = event_words(tr, "moonriser.pile_short", {"count": 2, "pile": "basic"})
    assert t("cs", code, **params) == "V základním balíčku zbývají už jen 2 dílky."
    code, params = event_words(tr, "moonriser.planned", {"seat": "a", "paid": 2, "draws": 6, "keep": 2})
    assert t("cs", code, **params) == "a platí 2 modré: dobere 6 dílků a ponechá si z nich 2."
    code, params = event_words(tr, "moonriser.symbol", {"seat": "a", "field": "C4", "symbol": "green_minus"})
    lost = t("cs", code, **params)
    assert "ztrácí 1 zelený" in lost and "−1" not in lost and "získává" not in lost
    code, params = event_words(
        Tr("en"), "moonriser.symbol", {"seat": "a", "field": "C4", "symbol": "green_minus"}
    )
    assert "loses 1 green" in t("en", code, **params)


# ---------------------------------------------------------------------------- one register: "ty"

FORMAL_WORDS = frozenset("vy vás vám vámi váš vaše vašeho vašemu vaši vaší vašich vašim vašimi jste".split())
"""The pronouns and the verb of the formal (or plural) "you"."""

SECOND_PLURAL = re.compile(r"\w+(?:te)$")
"""Second-person plural verbs: imperatives (vyberte, potvrďte, zkuste) and indicatives (máte,
vidíte, můžete) all end in -te."""

NOT_VERBS = frozenset({"roste", "kvete", "zvířete"})
"""Words that end in -te without addressing anybody."""

PLURAL_ADDRESS = frozenset({"lobby.invitation", "posts.called", "table.to_act", "waiting.to_act_limit"})
"""Sentences naming several people at once: their forms for more than one person may say "jste"."""


def formal_words(text: str) -> list[str]:
    plain = re.sub(r"\{[^{}]*\}|<[^<>]*>|`[^`]*`", " ", text)
    words = re.findall(r"[^\W\d_]+", plain)
    return [
        w
        for w in words
        if w.lower() in FORMAL_WORDS or (SECOND_PLURAL.fullmatch(w.lower()) and w.lower() not in NOT_VERBS)
    ]


def test_the_detector_finds_the_formal_forms_seen_in_play() -> None:
    for seen in (
        "Vyberte řadu",
        "Potvrďte a postavíte ho.",
        "(vidíte jen vy)",
        "Necháváte si {card}.",
        "Teď nepokládáte Základnu.",
        "Ponecháváte si: {tiles}.",
        "Máte v ruce dílků",
        "Zkuste to znovu.",
        "Pošlete {x}",
        "Zadejte číslo",
    ):
        assert formal_words(seen), seen
    assert not formal_words("Tohle vidíš jen ty. Vyber řadu; {state} roste.")


def test_no_czech_sentence_speaks_formally_to_one_player() -> None:
    formal = {}
    for key, text in catalog("cs").items():
        base, _, form = key.rpartition(".")
        if base in PLURAL_ADDRESS and form != "one":
            continue
        if found := formal_words(text):
            formal[key] = found
    assert not formal, formal


def test_several_people_at_once_are_addressed_in_the_plural() -> None:
    for key in PLURAL_ADDRESS:
        assert is_plural("cs", key), key
        assert not formal_words(t("cs", key, count=1, mention="<@1>", mentions="<@1>", deadline="x"))
        assert "jste" in t("cs", key, count=2, mention="<@1>, <@2>", mentions="<@1>, <@2>", deadline="x")


# ---------------------------------------------------------------------------- the editions' terms


def test_the_czech_editions_terms_in_texts_and_pictures() -> None:
    everything = "\n".join(text for texts in sentences("cs").values() for text in texts)
    # Moonriser: the rulebook's "Fáze II: Výstavba", "stavební akce", "Bonusové spojení".
    assert "rozvoj" not in everything.lower() and "vztah typu" not in everything
    assert t("cs", "render.moonriser.phase_develop", name="a") == "a: Výstavba"
    assert "stavební akce" in t("cs", "render.moonriser.bonus_extra_action")
    assert t("cs", "render.moonriser.legend_relations").startswith("Bonusové spojení")
    assert t("cs", "render.moonriser.legend_fields").startswith("Symboly na hrací desce")
    # Manhattan: one name for the bomb design space, on the board, in the pictures and in texts.
    design = t("cs", "manhattan.space.design")
    assert design == t("cs", "render.manhattan.area_design") == "Návrh bomb"
    for key in ("phase_draft", "drafting", "legend_design"):
        assert t("cs", f"render.manhattan.{key}", name="a").startswith(design), key
    assert design in t("cs", "manhattan.hand_empty") and design in t("cs", "manhattan.design_closed")
    assert "Vývoj bomb" not in everything and "Návrh bomby" not in everything
    # MarsBot: € production is "příjem".
    assert t("cs", "marsbot.pick.cut", resource=t("cs", "marsbot.cut.megacredits")) == "Snížení příjmu"
    assert "produkce €" not in everything
