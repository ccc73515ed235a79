"""Big keeps in Moonriser as a player meets them: the whole keeps (and sales, and discards)
offered in a select stay readable within Discord's 100 characters, in whole tile names, in
English and in Czech, however many tiles a keep holds."""

from __future__ import annotations

import re

import pytest

from bot.i18n import Tr
from cogs.moonriser.keep import keep_words
from cogs.moonriser.labels import tile_name
from engine.moonriser.content import TILE_LIBRARY, tiles
from engine.moonriser.notation import PILES

LIMIT = 100
"""Discord's limit on a select option's label and on its description."""


def longest_first(lang: str, version: int) -> list[str]:
    """Every tile in the box of both piles (each copy), the longest names first."""
    tr, box = Tr(lang), tiles(version)
    every = [t for pile in PILES for t in box.box(pile)]
    return sorted(every, key=lambda t: (-len(str(tile_name(tr, None, t))), t))


IDS = re.compile(r"[A-Z]\d{2}( [A-Z]\d{2})*( \+ \d+ \w+)?")
"""A description of tile ids, as ``/moonriser keep`` takes them ("B03 B11 + 7 more")."""


def names_in(text: str) -> list[str]:
    """The tile names a label or description lists ("2× Mine (B03)" is "Mine"; "+ 3 more" none)."""
    parts = [re.sub(r"^\d+× | \([A-Z]\d{2}\)$", "", p) for p in text.split(" + ")]
    return [p for p in parts if not re.fullmatch(r"\d+ \w+", p)]


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("version", TILE_LIBRARY.versions())
def test_every_keep_fits_an_option_in_whole_names(lang: str, version: int) -> None:
    """From a keep of 2 up to every tile of both piles, the longest names first: the label and
    the description fit, and each name in them is whole (no cut word, no ellipsis)."""
    tr, ordered = Tr(lang), longest_first(lang, version)
    names = {str(tile_name(tr, None, t)) for t in ordered}
    for count in range(2, len(ordered) + 1):
        label, description = keep_words(tr, {"content": {"tiles": version}}, tuple(sorted(ordered[:count])))
        texts = [label, *([description] if description and not IDS.fullmatch(description) else [])]
        assert len(label) <= LIMIT and len(description or "") <= LIMIT, (count, label, description)
        assert all(n in names for text in texts for n in names_in(text)), (count, texts)
        assert "…" not in label + (description or "")


@pytest.mark.parametrize(
    ("lang", "label", "description"),
    [
        (
            "en",
            "Power distribution station + Robotic construction yard + Automated robot factory + 1 more",
            "Deep space observatory",
        ),
        (
            "cs",
            "Automatizovaná továrna na roboty + Observatoř hlubokého vesmíru + 2 další",
            "Elektromagnetický katapult + Spojovací stanice se Zemí",
        ),
    ],
)
def test_four_long_names_go_on_in_the_description(lang: str, label: str, description: str) -> None:
    """A sale of four tiles with the longest names: every name whole, none left out."""
    tr = Tr(lang)
    four = tuple(dict.fromkeys(longest_first(lang, TILE_LIBRARY.latest)))[:4]
    assert keep_words(tr, None, four) == (label, description)  # type: ignore[arg-type]


def test_a_short_keep_names_each_tile_with_its_id_and_copies_once() -> None:
    tr = Tr("en")
    mine, farm = (str(tile_name(tr, None, t)) for t in ("B01", "B02"))
    assert keep_words(tr, None, ("B01", "B02", "B02")) == (f"{mine} (B01) + 2× {farm} (B02)", None)  # type: ignore[arg-type]
