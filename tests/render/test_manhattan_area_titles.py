"""Every area's title on the Manhattan board fits its panel in both languages, the narrow one-space
panels included (the Czech edition's "obohacovací závod" is long: the picture abbreviates it)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Tr
from render import kit
from render.manhattan import spaces as S


@pytest.mark.parametrize("lang", LANGS)
def test_every_area_title_fits_its_panel(lang: str) -> None:
    tr = Tr(lang)
    panels = S.panels(None, 0)
    assert {p.area for p in panels} >= {"enrichment", "reactor", "design"}
    for panel in panels:
        title = tr(S.AREA_KEYS[panel.area])
        size = S.title_size(title, S.title_room(panel))
        assert kit.text_length(title, size, "medium") <= S.title_room(panel), (lang, panel.area, title)


def test_the_czech_title_names_the_editions_enrichment_plant() -> None:
    assert Tr("cs")(S.AREA_KEYS["enrichment"]) == "Obohac. závod"
    assert Tr("cs")("manhattan.space.enrich") == "Obohacovací závod"


@pytest.mark.parametrize("lang", LANGS)
def test_every_area_title_fits_at_the_size_that_reads_on_a_phone(lang: str) -> None:
    tr = Tr(lang)
    for panel in S.panels(None, 0):
        title = tr(S.AREA_KEYS[panel.area])
        assert S.title_size(title, S.title_room(panel)) == S.NUMBER, (lang, panel.area, title)
