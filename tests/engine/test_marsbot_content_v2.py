"""Content version 2: C01 and C05 with their bonus cards B23 Rapid sprouting and B25 Do it right
(as the reference resolves them), offered by ``/marsbot new corporation:``; games stored with
version 1 keep their corporations, their bonus deck and their B03."""

from __future__ import annotations

import pytest

from engine.core.game import replay
from engine.marsbot import content
from engine.marsbot.game import GAME
from tests.engine.marsbot_support import FIRST_CONTENT, V2, codes, marsbot_turn, position, random_game


def test_version_2_adds_b23_and_b25_for_c01_and_c05() -> None:
    cards, corps = content.bonus_cards(2), content.corporations(2)
    assert cards["B23"].name == {"en": "Rapid sprouting", "cs": "Rychlé klíčení"}
    assert cards["B25"].name == {"en": "Do it right", "cs": "Udělejte to správně"}
    assert (cards["B23"].corporation, cards["B25"].corporation) == ("C01", "C05")
    assert not cards["B03"].reconstructed and cards["B03"].effect == "research_card"
    assert (corps["C01"].bonus, corps["C05"].bonus) == ("B23", "B25")
    assert set(content.corporations(1)) == {"C02", "C03", "C09", "CX1", "CX2"}


@pytest.mark.parametrize(("corporation", "versions"), [("C01", V2), ("C02", None)])
def test_b23s_corporation_shuffles_it_into_every_action_deck_and_never_into_the_bonus_deck(
    corporation: str, versions: dict[str, int] | None
) -> None:
    """B23 is C01's in content 2 and C02's from content 3 (a game keeps the content it began with)."""
    state = GAME.new(1, {"corporation": corporation}, 5, versions)
    assert "B23" in state["action_deck"] and "B23" not in state["bonus_deck"]
    after, _, _ = marsbot_turn(position({"corporation": corporation}, versions=versions), deck=("B23",))
    assert [t["tile"] for t in after["map"].values()] == ["greenery"]
    assert after["params"]["oxygen"] == 1 and after["tr"] == 21
    assert "B23" not in after["bonus_discard"] and "B23" not in after["removed"]


def test_b23_with_no_space_left_does_nothing_and_is_no_failed_action() -> None:
    state = position({"corporation": "C02"}, map={})
    state["map"] = {sid: {"tile": "city", "owner": "person"} for sid in content.mars().order}
    after, events, _ = marsbot_turn(state, deck=("B23",))
    assert "failed" not in codes(events) and after["money"] == 0 and after["tr"] == 20


def test_c05_b25_advances_the_science_track() -> None:
    state = GAME.new(1, {"corporation": "C05"}, 5)
    assert "B25" in state["action_deck"] and "B25" not in state["bonus_deck"]
    after, _, _ = marsbot_turn(position({"corporation": "C05"}, tracks={"science": 1}), deck=("B25",))
    assert after["tracks"]["science"] == 2 and after["money"] == 0


def test_b25_is_added_again_in_every_generation() -> None:
    final, _, _, batches = random_game(11, {"corporation": "C05"}, 600)
    shown = [e.params.get("card") for batch in batches for e in batch if e.code == "marsbot.bonus"]
    resolved = [card for card in shown if card == "B25"]
    # MarsBot plays its whole action deck each generation: one B25 in each of them
    assert final["ended"] == "scored" and len(resolved) == final["generation"] >= 3


def test_a_random_corporation_of_a_version_1_game_draws_as_before() -> None:
    for seed in range(12):
        old = GAME.new(1, {"corporation": "random"}, seed, FIRST_CONTENT)
        assert old["corporation"] in {"C02", "C03", "C09", "CX1", "CX2"}
        assert replay(GAME, 1, {"corporation": "random"}, seed, [], FIRST_CONTENT) == old
