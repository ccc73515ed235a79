"""Content version 3 reads the seed's page of MarsBot corporation cards card by card (issue 26).

The extracted page lists each card as its texts, „KORPORACE MARSBOTA", its number, then its
headings; read so, every heading names the kind of text beside it. C01's headings are „EFEKT"
and „PRIORITA DRAFTU", its texts the 4 M€ effect and „Nejvyšší náklady" (the open-source
terraforming-mars project gives the priority ``mostExpensive`` to Credicor, whose effect it is).
Version 2 had read the page number first and given C01 the next card's B23; games stored with it
keep it. The rulebook's text around C01, as extracted:

    Kdykoli za MarsBot vyhodnocujete / kartu s náklady 20 € či více, / MarsBot získá 4 €. /
    KORPORACE MARSBOTA / C0 1 / Nejvyšší náklady / EFEKT / PRIORITA DRAFTU / Přidejte bonusovou
    kartu Rychlé klíčení (B23) do akčního balíčku. / KORPORACE MARSBOTA / C0 2 / PŘED FÁZÍ AKCÍ
"""

from __future__ import annotations

from engine.marsbot import content
from engine.marsbot.corporations import HIGHEST_COST, draft_priority
from engine.marsbot.game import GAME
from engine.marsbot.setup import NEW_GAME_CORPORATIONS
from tests.engine.marsbot_support import V2, play_card, position


def test_c01_is_the_4_mc_card_with_the_highest_cost_draft_priority() -> None:
    """„Kdykoli za MarsBot vyhodnocujete kartu s náklady 20 € či více, MarsBot získá 4 €." and
    „PRIORITA DRAFTU … Nejvyšší náklady", both on C01."""
    c01 = content.corporations(3)["C01"]
    assert c01.effects == {"expensive_money"} and c01.bonus is None
    assert "20 € či více, MarsBot získá 4 €" in c01.text["cs"] and "Nejvyšší náklady" in c01.text["cs"]
    assert draft_priority(GAME.new(1, {"corporation": "C01", "draft": True}, 3)) == HIGHEST_COST
    assert play_card(position({"corporation": "C01"}), "science 20 noreq vp0")[0]["money"] == 4


def test_the_other_cards_follow_the_same_reading() -> None:
    """C02: „Přidejte bonusovou kartu Rychlé klíčení (B23) do akčního balíčku." (PŘED FÁZÍ AKCÍ);
    C03: the white and black cubes (EFEKT, PŘÍPRAVA HRY); C05: „Kdykoli za MarsBot vyhodnocujete
    kartu s podmínkou, MarsBot získá 2 €.", Lobbyists out, B25 (EFEKT, PŘÍPRAVA HRY, PŘED FÁZÍ
    AKCÍ); C09 unchanged; CX1's card is C01."""
    corps = content.corporations(3)
    assert set(corps) == {"C01", "C02", "C03", "C05", "C09", "CX2"}
    assert corps["C02"].effects == {"bonus_card"} and corps["C02"].bonus == "B23"
    assert corps["C03"].effects == {"white_cubes", "black_cubes"}
    assert corps["C05"].effects == {"requirement_money", "no_lobbyists", "bonus_card"}
    assert corps["C05"].bonus == "B25"
    assert content.bonus_cards(3)["B23"].corporation == "C02"
    assert "CX1" not in NEW_GAME_CORPORATIONS


def test_c05_brings_b25_and_pays_for_requirements_and_removes_lobbyists() -> None:
    state = GAME.new(1, {"corporation": "C05"}, 5)
    assert "B25" in state["action_deck"] and "B06" in state["removed"]
    assert play_card(position({"corporation": "C05"}), "science 3 req -")[0]["money"] == 2


def test_a_game_stored_with_content_2_keeps_its_c01_and_cx1() -> None:
    old = GAME.new(1, {"corporation": "C01"}, 5, V2)
    assert old["content"]["corporations"] == 2 and "B23" in old["action_deck"]
    cx1 = position({"corporation": "CX1"}, versions=V2)
    assert play_card(cx1, "science 20 noreq vp0")[0]["money"] == 4
    assert GAME.new(1, {"corporation": "C01"}, 5)["content"]["corporations"] == 3
