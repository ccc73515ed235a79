"""The pickers describe the published cards in words as the cards show them: a reactor's price in
enriched uranium, and "ore or 1 enriched uranium" where the card offers both."""

from __future__ import annotations

import pytest

from bot.i18n import Tr
from cogs.manhattan.labels import bomb_label, building_label
from engine.manhattan.game import GAME

STATE = GAME.new(3, {}, 1)  # a new table: the published cards (content version 2)


@pytest.mark.parametrize(
    ("lang", "card", "said"),
    [
        ("en", "R02", "pays 2 uranium ore or 1 enriched uranium · makes 1 plutonium"),
        ("cs", "R02", "platí 2 uranové rudy nebo 1 obohacený uran · vyrobí 1 jednotku plutonia"),
        ("en", "R03", "pays 1 enriched uranium · makes 2 plutonium"),
        ("cs", "R03", "platí 1 obohacený uran · vyrobí 2 jednotky plutonia"),
        ("en", "E02", "2 scientists · pays $7 + 6 uranium ore · makes 3 enriched uranium"),
        ("en", "F01", "1 worker of any kind · makes 1 fighter or $2"),
    ],
)
def test_a_building_is_described_with_its_whole_price(lang: str, card: str, said: str) -> None:
    assert STATE["content"]["buildings"] == 2
    assert str(building_label(Tr(lang), STATE, card)).endswith(said)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_bomb_built_by_scientists_alone_names_no_engineers(lang: str) -> None:
    """The published B01-B03 take one scientist and no engineer: "1 S", never "0 E + 1 S"."""
    label = bomb_label(Tr(lang), STATE, "B01")
    assert " · 1 S · " in label and "0 E" not in label, label
    assert " · 2 E + 2 S · " in bomb_label(Tr(lang), STATE, "B12")
