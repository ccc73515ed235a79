"""C01's draft priority („Priorita draftu": „Nejvyšší náklady", rules version 3): in the draft
variant the research post tells the person to set aside the most expensive card for MarsBot, and
a game stored before it (C01 exists since content v2, which played rules 2) replays unchanged."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.game import replay
from engine.marsbot.corporations import DRAFT_PRIORITIES, HIGHEST_COST
from engine.marsbot.game import GAME
from engine.marsbot.rules import LATEST
from tests.engine.marsbot_support import answer_all, of, position, random_game

STORED = Path(__file__).with_name("marsbot_c01_draft_v2_games.json")
"""Two C01 draft games played by the code before rules version 3 (rules 2): their options, seed,
content, log and the sha256 of the final state they stored."""
NEWEST = GAME.new(1, {}, 3)["content"]
RULES_2 = {**NEWEST, "rules": 2}


def end_generation(state: dict[str, Any]) -> tuple[dict[str, Any], list]:
    """The person passes; MarsBot plays what it has left (default answers)."""
    state, events = GAME.apply(state, 0, "pass")
    state, more, _ = answer_all(state)
    return state, events + more


def research_of(options: dict[str, Any], versions: dict[str, int] | None = None) -> dict[str, Any]:
    state = position(options, versions=versions, passed={"person": False, "marsbot": True})
    _, events = end_generation(state)
    return of(events, "generation")[0]["draft_positions"]


def digest(state: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


def test_c01_drafts_by_the_highest_cost_the_rulebook_prints() -> None:
    """C01's card: „PRIORITA DRAFTU" — „Nejvyšší náklady" (the reference's ``mostExpensive``)."""
    assert DRAFT_PRIORITIES == {"C01": HIGHEST_COST}
    assert NEWEST["rules"] >= 3  # the draft priority plays from rules version 3 on
    positions = research_of({"corporation": "C01", "draft": True})
    assert positions["priority"] == "cost" and positions["picks"] == []  # no random card to set aside
    assert 1 <= positions["discard"] <= 4


def test_on_brutal_c01_keeps_all_four() -> None:
    positions = research_of({"corporation": "C01", "draft": True, "difficulty": "brutal"})
    assert positions == {"priority": "cost", "picks": [], "discard": None}


@pytest.mark.parametrize("corporation", ["C05", "C02", "none"])
def test_corporations_without_a_printed_priority_draft_at_random(corporation: str) -> None:
    """„z hromádky MarsBotovy odložte pro MarsBota stranou jednu kartu vylosovanou náhodně\""""
    positions = research_of({"corporation": corporation, "draft": True})
    assert "priority" not in positions and len(positions["picks"]) == 4


def test_a_c01_game_stored_with_rules_2_still_drafts_at_random() -> None:
    positions = research_of({"corporation": "C01", "draft": True}, RULES_2)
    assert "priority" not in positions and len(positions["picks"]) == 4


@pytest.mark.parametrize("index", [0, 1])
def test_a_c01_draft_game_stored_before_rules_3_replays_to_the_state_it_stored(index: int) -> None:
    stored = json.loads(STORED.read_text(encoding="utf-8"))[index]
    assert stored["content"]["rules"] == 2 and stored["options"]["draft"]
    moves = [(0, move) for move in stored["log"]]
    state = replay(GAME, 1, stored["options"], stored["seed"], moves, stored["content"])
    assert digest(state) == stored["state_sha256"]
    assert state["generation"] == stored["generations"] and state["research"] == stored["research"]


def test_a_new_c01_draft_game_replays_to_the_same_state() -> None:
    options = {"corporation": "C01", "draft": True, "difficulty": "hard"}
    final, log, _, batches = random_game(4, options)
    assert GAME.content(final)["rules"] == LATEST
    drafts = [params["draft_positions"] for batch in batches for params in of(batch, "generation")]
    assert drafts and all(d["priority"] == "cost" for d in drafts)
    assert replay(GAME, 1, options, 4, [(0, m) for m in log], GAME.content(final)) == final
