"""The complex game's setup: the extra random draws, and the hidden simultaneous choice.

Each player gets four cards and picks one public goal and one secret goal, keeping the other
two, so two public goals are in play (docs/rules/runarch.md). Choices stay in the state unseen
(only "has chosen" is public) until every person has chosen; then the goals are revealed
together, the hands formed and the offer laid out. In solo the automa's public goal is the top
card of the deck, revealed with the person's.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, IllegalMove, Move, Rng, State
from engine.runarch.archives import empty_archives
from engine.runarch.bets import draw_conditions, draw_track
from engine.runarch.conditions import ConditionSet
from engine.runarch.notation import OFFER_SIZE, SETUP
from engine.runarch.tokens import draw_tokens

SETUP_HAND = 4
SETUP_PICK = ("goal", "secret")
"""What a setup choice names, in order."""
SEATS = 2


def complex_fields(rng: Rng, deck: list[str], solo: bool, tokens: ConditionSet) -> dict[str, Any]:
    """The complex game's extra state; deals the setup hands from ``deck`` (the caller's list)
    and lays out condition tokens of the game's version (``tokens``).

    Drawn after everything the simple set-up draws, in a fixed order, so a seed replays.
    """
    dealt = 1 if solo else SEATS
    setup_hands: list[list[str]] = [[] for _ in range(SEATS)]
    for _ in range(SETUP_HAND):
        for hand in setup_hands[:dealt]:
            hand.append(deck.pop())
    return {
        "phase": "setup",
        "setup_hands": setup_hands,
        "setup_choice": [None] * SEATS,
        "goals": [],
        "secret": [None] * SEATS,
        "offer": [],
        "tokens": [draw_tokens(rng) for _ in range(SEATS)],
        "handed": [0] * SEATS,
        "archives": [empty_archives() for _ in range(SEATS)],
        "conditions": draw_conditions(rng, tokens),
        "track": draw_track(rng),
        "bets": [[] for _ in range(SEATS)],
        "swaps": 0,
        "jumped": False,
    }


def choosers(state: State) -> list[int]:
    """Seats that still owe their setup choice (the automa never chooses)."""
    people = (0,) if state["solo"] else tuple(range(SEATS))
    return [seat for seat in people if state["setup_choice"][seat] is None]


def setup_moves(hand: list[str]) -> list[Move]:
    """All 12 choices for a four-card hand: the public goal, then a secret among the other three."""
    return [Move(SETUP, (goal, secret)) for goal in sorted(hand) for secret in hand if secret != goal]


def choose(state: State, seat: int, choice: tuple[str, ...]) -> tuple[State, list[Event]]:
    """Record ``seat``'s hidden choice; reveal everything once the last person has chosen."""
    hand = state["setup_hands"][seat]
    if len(choice) != len(SETUP_PICK):
        raise IllegalMove("runarch.setup_bad_choice", card=" ".join(choice))
    seen: set[str] = set()
    for card in choice:
        if card not in hand or card in seen:
            raise IllegalMove("runarch.setup_bad_choice", card=card)
        seen.add(card)
    new = dict(state)
    picks = list(state["setup_choice"])
    picks[seat] = list(choice)
    new["setup_choice"] = picks
    new["ply"] = state["ply"] + 1
    events = [Event("runarch.setup_chosen", {"seat": seat})]
    if not choosers(new):
        events.extend(_reveal(new))
    return new, events


def _reveal(new: State) -> list[Event]:
    """Both chose: public goals in seat order, secrets kept, hands formed, offer laid out."""
    deck = list(new["deck"])
    goals: list[str] = []
    secrets: list[str | None] = [None] * SEATS
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    for seat, pick in enumerate(new["setup_choice"]):
        if pick is None:
            continue
        goal, secret = pick
        goals.append(goal)
        secrets[seat] = secret
        hands[seat] = [card for card in new["setup_hands"][seat] if card not in pick]
    if new["solo"] and deck:
        goals.append(deck.pop())  # the automa's public goal
    offer = [deck.pop() for _ in range(min(OFFER_SIZE, len(deck)))]
    new.update(
        phase="play",
        goals=goals,
        secret=secrets,
        hands=hands,
        setup_hands=[[] for _ in range(SEATS)],
        deck=deck,
        offer=offer,
    )
    return [Event("runarch.goals_revealed", {"goals": ", ".join(goals)})]
