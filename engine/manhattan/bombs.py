"""Bomb actions, at any time of a placing turn (the only way to score):

- ``bomb <id> <workers>``: a card from the hand is built: exactly its engineers and scientists
  from the personal supply go on it (any mix of own and contractors) and its fuel is paid from
  the enriched uranium or plutonium track; its points count at once;
- ``test <id>``: once per game, an own built plutonium bomb goes to the bottom of the bomb deck
  and the seat takes the highest implosion test left (its value in points; from now on its
  plutonium bombs count their tested value); the bomb's workers move to the test card, and its
  loading (with the 5 points) is lost;
- ``load <id>``: an own built bomb not yet loaded: pay its loading price and 1 bomber, +5 points.

Each may end the game at once (``scoring.check_win``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core import Event, IllegalMove, Move, State
from engine.manhattan import edit
from engine.manhattan.content import bombs_of
from engine.manhattan.notation import BOMB, LOAD, TEST, join_tokens, kind_of
from engine.manhattan.scoring import check_win, total
from engine.manhattan.workers import ALLOWED, combos, has_tokens, supply, take_tokens


def _built(state: State, seat: int, card: str) -> int | None:
    for index, bomb in enumerate(state["seats"][seat]["bombs"]):
        if bomb["card"] == card:
            return index
    return None


def bomb_error(state: State, seat: int, card_id: str, tokens: Sequence[str]) -> IllegalMove | None:
    row = state["seats"][seat]
    if card_id not in row["hand"]:
        return IllegalMove("manhattan.not_in_hand", card=card_id)
    card = bombs_of(state)[card_id]
    kinds = [kind_of(token) for token in tokens]
    if kinds.count("E") != card.workers["E"] or kinds.count("S") != card.workers["S"] or "L" in kinds:
        return IllegalMove(
            "manhattan.wrong_workers_bomb", card=card_id, E=card.workers["E"], S=card.workers["S"]
        )
    if not has_tokens(row, tokens):
        return IllegalMove("manhattan.no_workers")
    if row[card.fuel_track] < card.amount:
        return IllegalMove("manhattan.no_fuel", card=card_id, amount=card.amount, fuel=card.fuel)
    return None


def build_bomb(state: State, seat: int, card_id: str, tokens: Sequence[str]) -> tuple[State, list[Event]]:
    error = bomb_error(state, seat, card_id, tokens)
    if error is not None:
        raise error
    card = bombs_of(state)[card_id]
    new = dict(state)
    row = edit.seat(new, seat)
    take_tokens(row, tokens)
    row[card.fuel_track] -= card.amount
    row["hand"] = [c for c in row["hand"] if c != card_id]
    row["bombs"] = [*row["bombs"], {"card": card_id, "loaded": False, "workers": list(tokens)}]
    turn = edit.turn(new)
    turn.update(placed=turn["placed"] + len(tokens), acted=True, bombs=[*turn["bombs"], card_id])
    points = card.points(row["test"] is not None)
    events = [Event("manhattan.bomb_built", {"seat": seat, "card": card_id, "points": points})]
    check_win(new, seat, events)
    return new, events


def test_error(state: State, seat: int, card_id: str) -> IllegalMove | None:
    row = state["seats"][seat]
    if _built(state, seat, card_id) is None:
        return IllegalMove("manhattan.not_built", card=card_id)
    if bombs_of(state)[card_id].fuel != "plutonium":
        return IllegalMove("manhattan.not_plutonium", card=card_id)
    if row["test"] is not None:
        return IllegalMove("manhattan.tested_already")
    if not state["tests"]:
        return IllegalMove("manhattan.no_tests_left")
    return None


def test_bomb(state: State, seat: int, card_id: str) -> tuple[State, list[Event]]:
    error = test_error(state, seat, card_id)
    if error is not None:
        raise error
    new = dict(state)
    row = edit.seat(new, seat)
    index = _built(state, seat, card_id)
    assert index is not None
    bomb = row["bombs"][index]
    row["bombs"] = [b for b in row["bombs"] if b["card"] != card_id]
    value, new["tests"] = new["tests"][0], new["tests"][1:]
    row["test"] = {"value": value, "bomb": card_id, "workers": list(bomb["workers"])}
    new["bomb_deck"] = [*new["bomb_deck"], card_id]
    turn = edit.turn(new)
    turn.update(acted=True, bombs=[*turn["bombs"], card_id])
    events = [
        Event("manhattan.tested", {"seat": seat, "card": card_id, "value": value, "points": total(new, seat)})
    ]
    check_win(new, seat, events)
    return new, events


def load_error(state: State, seat: int, card_id: str) -> IllegalMove | None:
    row = state["seats"][seat]
    index = _built(state, seat, card_id)
    if index is None:
        return IllegalMove("manhattan.not_built", card=card_id)
    if row["bombs"][index]["loaded"]:
        return IllegalMove("manhattan.loaded_already", card=card_id)
    if row["bombers"] < 1:
        return IllegalMove("manhattan.no_bombers")
    if row["money"] < bombs_of(state)[card_id].load:
        return IllegalMove("manhattan.cannot_afford")
    return None


def load_bomb(state: State, seat: int, card_id: str) -> tuple[State, list[Event]]:
    error = load_error(state, seat, card_id)
    if error is not None:
        raise error
    new = dict(state)
    row = edit.seat(new, seat)
    row["money"] -= bombs_of(state)[card_id].load
    row["bombers"] -= 1
    row["bombs"] = [{**b, "loaded": True} if b["card"] == card_id else b for b in row["bombs"]]
    turn = edit.turn(new)
    turn.update(acted=True, bombs=[*turn["bombs"], card_id])
    events = [Event("manhattan.loaded", {"seat": seat, "card": card_id})]
    check_win(new, seat, events)
    return new, events


def bomb_moves(state: State, seat: int) -> Iterator[Move]:
    row = state["seats"][seat]
    available = supply(row)
    cards = bombs_of(state)
    for card_id in sorted(set(row["hand"])):
        card = cards[card_id]
        if row[card.fuel_track] < card.amount:
            continue
        for engineers in combos(available, ALLOWED["E"], card.workers["E"]):
            for scientists in combos(available, ALLOWED["S"], card.workers["S"]):
                yield Move(BOMB, (card_id, join_tokens(engineers + scientists)))


def test_moves(state: State, seat: int) -> Iterator[Move]:
    row = state["seats"][seat]
    if row["test"] is not None or not state["tests"]:
        return
    cards = bombs_of(state)
    for bomb in row["bombs"]:
        if cards[bomb["card"]].fuel == "plutonium":
            yield Move(TEST, (bomb["card"],))


def load_moves(state: State, seat: int) -> Iterator[Move]:
    row = state["seats"][seat]
    if row["bombers"] < 1:
        return
    cards = bombs_of(state)
    for bomb in row["bombs"]:
        if not bomb["loaded"] and row["money"] >= cards[bomb["card"]].load:
            yield Move(LOAD, (bomb["card"],))
