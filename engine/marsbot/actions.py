"""What a track space's action does, a project card resolved for MarsBot, and MarsBot's tiles.

An action that cannot be done is a failed action (5 M€, 3 on easy): an ocean with 9 oceans, a
temperature or Venus step at the target, no legal space for a tile. Venus actions without Venus
Next are ignored ("neberte na něj ohled"), and so is ``adv`` on the easy level. A project card
advances one track per tag, left to right; a card without tags is a failed action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event, State
from engine.marsbot.common import MARSBOT, event, failed, gain_money, gain_tr, pay, tag_track, venus
from engine.marsbot.content import mars_of
from engine.marsbot.corporations import card_money
from engine.marsbot.levels import NO_ADV, modified
from engine.marsbot.maps import CELEBRITY_COST
from engine.marsbot.params import is_maxed
from engine.marsbot.placement import best, counted, rewards
from engine.marsbot.resolve import Question, Step, handler, push

TR_ACTIONS = {f"tr{n}": n for n in range(2, 9)}
PARAM_OF = {"temp": "temperature", "temp2": "temperature", "venus": "venus", "venus2": "venus"}


FLOATERS = {"floater": 1, "floater2": 2}
"""The Venus strip's floater spaces (version 2): floaters for MarsBot (Hoverlord counts them)."""


@handler("action")
def action(state: State, step: Step, events: list[Event]) -> Question | None:
    name, track = step["action"], step["track"]
    events.append(event("action", track=track, space=step["space"], action=name))
    if name in TR_ACTIONS:
        gain_tr(state, events, TR_ACTIONS[name])
    elif name in PARAM_OF:
        _param_action(state, name, events)
    elif name == "ocean" and is_maxed(state, "oceans"):
        failed(state, events, "maxed")
    elif name in ("ocean", "greenery", "city"):
        push(state, {"do": "place", "tile": name, "reason": "action"})
    elif name in ("milestone", "award"):
        push(state, {"do": name, "mode": "action"})
    elif name == "adv":
        if modified(state, NO_ADV):
            events.append(event("ignored", action=name))
        else:
            push(state, {"do": "advance", "track": track})
    elif name == "space":
        push(state, {"do": "advance", "track": "space"})
    elif name in FLOATERS:
        state["floaters"] += FLOATERS[name]
        events.append(event("floater", total=state["floaters"]))
    elif name == "microbe":
        moved = tag_track(state, "microbe")
        if moved is not None:
            push(state, {"do": "advance", "track": moved})
    return None


def _param_action(state: State, name: str, events: list[Event]) -> None:
    param = PARAM_OF[name]
    if param == "venus" and not venus(state):
        events.append(event("ignored", action=name))
    elif is_maxed(state, param):
        failed(state, events, "maxed")
    else:
        steps = [{"do": "param", "param": param}]
        if name.endswith("2"):
            steps.append({"do": "param", "param": param, "optional": True})
        push(state, *steps)


@handler("failed")
def failed_step(state: State, step: Step, events: list[Event]) -> Question | None:
    failed(state, events, step["reason"])
    return None


@handler("gain_tr")
def gain_tr_step(state: State, step: Step, events: list[Event]) -> Question | None:
    """TR a bonus card's step gives directly (B10's Benefactor helper: +2)."""
    gain_tr(state, events, step["amount"])
    return None


@handler("pay")
def pay_step(state: State, step: Step, events: list[Event]) -> Question | None:
    pay(state, events, step["amount"], step["why"])
    return None


# ----------------------------------------------------------------- project cards


FITS: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "not_event": lambda card: "event" not in card["tags"],
    "costly": lambda card: int(card["cost"]) >= CELEBRITY_COST,
    "green": lambda card: "event" not in card["tags"] and card.get("colour") == "green",
}
"""B08's Magnate and Celebrity helpers (the reference's B09/B10): reveal project cards until one
is not an event (a green one from rules version 4) / costs 20 M€ or more, and resolve that one;
the others are discarded."""


@handler("card")
def card(state: State, step: Step, events: list[Event]) -> Question | None:
    """A project card for MarsBot: the person reveals it and tells what it shows."""
    if "card" not in step:
        events.append(event("card_needed", why=step["why"]))
        return {"kind": "card", "why": step["why"]}
    shown = step["card"]
    fits = step.get("fits")
    if fits is not None and not FITS[fits](shown):
        events.append(event("card_unfit", fits=fits))
        push(state, {"do": "card", "why": step["why"], "fits": fits})
        return None
    events.append(
        event("card", tags=list(shown["tags"]), cost=shown["cost"], req=shown["req"], vp=shown["vp"])
    )
    follow: list[Step] = [{"do": "tag", "tag": tag} for tag in shown["tags"]]
    if not shown["tags"]:
        events.append(event("no_tags"))
        follow.append({"do": "failed", "reason": "no_tags"})
    follow.append({"do": "card_done", "card": dict(shown)})
    push(state, *follow)
    return None


@handler("card_done")
def card_done(state: State, step: Step, events: list[Event]) -> Question | None:
    """The corporation's money for the card, then it goes to MarsBot's played cards."""
    shown = step["card"]
    card_money(state, shown, events)
    played = {"tags": list(shown["tags"]), "cost": shown["cost"], "req": shown["req"], "vp": shown["vp"]}
    if "colour" in shown:  # asked where Magnate counts green cards (rules version 4)
        played["colour"] = shown["colour"]
    state["played"].append(played)
    return None


# ----------------------------------------------------------------- tiles


@handler("place")
def place(state: State, step: Step, events: list[Event]) -> Question | None:
    """MarsBot's tile: the best legal space, the tie-break, the tile and its rewards.

    ``failure``: the failed action's reason when there is no legal space (``None``: nothing
    happens, as for B05's and B06's conditional tiles which are checked before); ``plain``: no
    TR and no M€ (B16); ``final``: a final greenery (no oxygen, no TR)."""
    tile, rule = step["tile"], step.get("rule")
    ranked, tied, decided = best(state, tile, rule)
    if not tied:
        reason = step.get("failure", "no_space")
        if reason is not None:
            failed(state, events, reason)
        return None
    if len(tied) == 1:
        space = tied[0]
        if decided is not None:
            events.append(event("tie_rank", tile=tile, tied=ranked, rule=decided, space=space))
    elif "cost" not in step:
        return {"kind": "cost", "tile": tile, "tied": tied}
    else:
        space = counted(tied, step["cost"])
        events.append(event("tie", tile=tile, tied=tied, count=step["cost"], space=space))
    put(state, step, space, events)
    return None


def printed(state: State, space: str) -> dict[str, object]:
    """What the printed board shows on ``space`` (its name or reservation, its placement bonus,
    whether it is an ocean space), so the instruction can name a place the person finds."""
    found = mars_of(state).spaces[space]
    return {"name": found.name, "reserved": found.reserved, "bonus": dict(found.bonus), "ocean": found.ocean}


def put(state: State, step: Step, space: str, events: list[Event]) -> None:
    tile, plain = step["tile"], bool(step.get("plain"))
    from_oceans, from_icons = rewards(state, space)
    state["map"][space] = {"tile": tile, "owner": MARSBOT}
    state["last"]["spaces"].append(space)
    reason = step.get("reason", "action")
    events.append(
        event("tile", tile=tile, space=space, owner=MARSBOT, reason=reason, place=printed(state, space))
    )
    if not plain:
        gain_money(state, events, from_oceans, "adjacent_oceans")
        gain_money(state, events, from_icons, "placement_bonus")
    if tile == "ocean":
        before = state["params"]["oceans"]
        state["params"]["oceans"] = before + 1
        events.append(event("oceans", **{"from": before, "to": before + 1}))
        if not plain:
            gain_tr(state, events, 1)
    elif tile == "greenery" and not step.get("final") and not is_maxed(state, "oxygen"):
        push(state, {"do": "param", "param": "oxygen", "plain": plain})
