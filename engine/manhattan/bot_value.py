"""What things are worth to the bot player, in points (``Context`` and ``value``).

Everything is priced backwards from the bomb the seat works towards (its *target*: the bomb in
hand with the most points for the effort still missing; without a hand, an average uranium
bomb at half price): a unit of its fuel is worth a share of the bomb's points (and its loading),
ore and money a share of the fuel they make, the workers it needs a share of it too. Each track
is worth its full price up to what the plan needs and little beyond, so the bot stops piling
up what it cannot use. A building is worth what one use makes (at these prices, less its costs
and the workers it ties up) for the uses left in the game; workers at home are worth keeping
for a better use, and much more when they are the ones a ready bomb (or a bomb design) needs.

The prices are fixed for one decision (from the position before it), so comparing the value of
the positions after each candidate move is comparing like with like.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import State
from engine.manhattan.content import LOAD_POINTS, Bomb, Building, bombs_of, buildings_of
from engine.manhattan.scoring import target, total

WIN = 1000.0
EXPECTED_ROUNDS = 22
"""Rounds a game of decent players lasts (3 players); sets how many uses a building has left."""
MAX_USES = 5.0
BUILDING_SHARE = 0.6
"""A building's future uses count this much (they are not sure: damage, workers, game end)."""
FUEL_SHARE = 0.8
"""A unit of the target's fuel is worth this share of the bomb's points per unit."""
VIRTUAL_SHARE = 0.5
"""Without a bomb in hand the bot aims at an average uranium bomb of the game's deck (``virtual``);
this share of it counts (the bot may draft a plutonium one, or none)."""
HAND_WEIGHTS = (0.45, 0.15, 0.04, 0.01)
OWN_E, OWN_S = 1.8, 2.5
UNDERSTAFFED = 0.3
UNSTAFFED = 0.25
"""A building the seat's workers are all busy without counts this much of its uses."""
STAFF_SHARE = 0.6
"""An engineer or scientist the target bomb needs is worth this share of its part of the bomb."""
WORKER_USE = {"any": 0.3, "L": 0.3, "E": 0.6, "S": 0.6}
"""What tying up one worker on a building costs, by what the building needs."""


@dataclass(frozen=True)
class Track:
    """A piecewise-linear worth: ``hi`` per unit up to ``need``, ``lo`` per unit beyond."""

    hi: float
    need: float
    lo: float

    def worth(self, amount: float) -> float:
        if amount <= self.need:
            return self.hi * amount
        return self.hi * self.need + self.lo * (amount - self.need)

    def unit(self, amount: float) -> float:
        """The worth of one more unit on top of ``amount``."""
        return self.hi if amount < self.need else self.lo


@dataclass
class Context:
    """The prices for one decision of ``seat``."""

    seat: int
    target: int
    bomb: Bomb | None
    tracks: dict[str, Track]
    owned: dict[str, Track]
    home: dict[str, Track]
    horizon: float
    uses: dict[str, float] = field(default_factory=dict)
    workers: int = 0
    staffing: dict[str, int] = field(default_factory=dict)
    """Workers of each kind the seat has for its buildings in a cycle (one kept for the main board)."""
    row: dict[str, Any] = field(default_factory=dict)
    """The seat's board before the decision: prices of one more unit are read at its amounts."""

    def staff(self, kind: str) -> int:
        """Engineers or scientists the seat can put to work in a cycle (own and contractors)."""
        return 4 - self.row["pool"][kind] + self.row["contract"][kind]

    def use_value(self, card: Building) -> float:
        """What one use of ``card`` is worth now (its best output, less costs and workers); a
        building that needs more engineers or scientists than the seat has is worth little."""
        found = self.uses.get(card.id)
        if found is None:
            row = self.row
            found = max(self.yield_value(output) for output in card.outputs)
            found -= self.tracks["money"].unit(row["money"]) * card.cost["money"] * 0.9
            ore = card.cost["ore"]
            if card.eu_instead and ore:
                ore = min(ore, 3)
            found -= self.tracks["ore"].unit(row["ore"]) * ore
            found -= self.tracks["eu"].unit(row["eu"]) * card.cost["eu"]  # a published reactor burns it
            found -= WORKER_USE[card.need.kind] * card.need.count
            if card.need.kind in ("E", "S") and self.staff(card.need.kind) < card.need.count and found > 0:
                found *= UNDERSTAFFED
            self.uses[card.id] = found
        return found

    def yield_value(self, output: Any) -> float:
        worth = 0.0
        for key, amount in output.items():
            if key in self.owned:
                recruited = 4 - self.row["pool"][key]
                worth += amount * (self.owned[key].unit(recruited) * 0.5 + self.home[key].lo)
            else:
                worth += amount * self.tracks[key].unit(self.row[key])
        return worth


def points(state: State, seat: int) -> int:
    return total(state, seat)


def effective(card: Bomb, row: dict[str, Any], tests_left: bool) -> float:
    """Points a bomb in hand will likely bring, loading included."""
    if card.fuel == "uranium":
        base = float(card.value)
    elif row["test"] is not None:
        base = float(card.tested)
    else:
        base = card.value + (0.5 * (card.tested - card.value) if tests_left else 0.0)
    return base + LOAD_POINTS


def capacity(state: State, row: dict[str, Any]) -> dict[str, float]:
    """Fuel the seat can make in one cycle of placing and retrieving: the main-board space's one
    unit, and what its standing enrichment plants and reactors make."""
    made = {"eu": 1.0, "pu": 1.0}
    cards = buildings_of(state)
    for building in row["buildings"]:
        if building["damage"]:
            continue
        for output in cards[building["card"]].outputs:
            for track in ("eu", "pu"):
                made[track] += output.get(track, 0)
    return made


def effort(card: Bomb, row: dict[str, Any], made: dict[str, float]) -> float:
    """Roughly how many turns the bomb still needs: cycles (two turns each) to make the missing
    fuel at the seat's pace, a turn for each missing engineer or scientist, and building it."""
    missing = max(0, card.amount - row[card.fuel_track])
    staff = {kind: 4 - row["pool"][kind] + row["contract"][kind] for kind in ("E", "S")}
    short = sum(max(0, card.workers[kind] - staff[kind]) for kind in ("E", "S"))
    return 2.0 * missing / made[card.fuel_track] + 0.7 * short + 2.0


def ranked_hand(state: State, seat: int) -> list[tuple[float, Bomb]]:
    """The seat's bombs in hand, best target first: (effective points, card)."""
    row = state["seats"][seat]
    cards = bombs_of(state)
    made = capacity(state, row)
    tests_left = bool(state["tests"]) and state["tests"][0] > 0
    left = turns_left(state)
    found = []
    for card_id in row["hand"]:
        card = cards[card_id]
        turns = effort(card, row, made)
        found.append((effective(card, row, tests_left) * in_time(turns, left), turns, card))
    found.sort(key=lambda item: (-item[0] / item[1], -item[0], item[2].id))
    return [(worth, card) for worth, _, card in found]


def turns_left(state: State) -> int:
    """Turns of its own a seat surely has before the round limit (counting the current one)."""
    return state["options"]["max_rounds"] - state["round"] + 1


def in_time(turns: float, left: float) -> float:
    """The chance-like share of a bomb's points when it needs ``turns`` and the game has about
    ``left`` turns of this seat's left (1 when there is time)."""
    return 1.0 if turns <= left else (left / turns) ** 2


def hand_worth(state: State, seat: int, hand: list[str]) -> float:
    row = state["seats"][seat]
    cards = bombs_of(state)
    tests_left = bool(state["tests"]) and state["tests"][0] > 0
    worths = sorted((effective(cards[c], row, tests_left) for c in hand), reverse=True)
    return sum(w * worth for w, worth in zip(HAND_WEIGHTS, worths, strict=False))


def context(state: State, seat: int) -> Context:
    row = state["seats"][seat]
    hand = ranked_hand(state, seat)
    bomb = hand[0][1] if hand else None
    if bomb is not None:
        amount, worth, share = bomb.amount, hand[0][0], FUEL_SHARE
        fuel = bomb.fuel_track
        need_e, need_s = bomb.workers["E"], bomb.workers["S"]
    else:
        amount, worth = virtual(state)
        share = VIRTUAL_SHARE
        fuel = "eu"
        need_e, need_s = 2, 3
    fuel_price = share * worth / amount
    other = "pu" if fuel == "eu" else "eu"
    second = next((card for _, card in hand[1:] if card.fuel_track == other), None)
    tracks: dict[str, Track] = {
        fuel: Track(fuel_price, amount, 0.35 * fuel_price if len(hand) > 1 else 0.1),
        other: Track(0.4 * fuel_price, second.amount, 0.1) if second else Track(0.15, 8, 0.05),
    }
    missing = max(0, amount - row[fuel])
    ore_price = 0.2 * fuel_price
    tracks["ore"] = Track(ore_price, 2 * missing + 2, 0.08)
    money_need = (3 * missing if fuel == "eu" else 0) + (bomb.load if bomb else 3) + 8
    tracks["money"] = Track(max(0.3, 0.1 * fuel_price), money_need, 0.1)
    unloaded = sum(1 for b in row["bombs"] if not b["loaded"])
    if unloaded:
        tracks["bombers"] = Track(2.5, unloaded + min(1, len(row["hand"])), 0.3)
    else:
        tracks["bombers"] = Track(1.0, max(1, min(2, len(row["hand"]))), 0.3)
    threat = any(r["bombers"] > 0 for s, r in enumerate(state["seats"]) if s != seat and not r["resigned"])
    tracks["fighters"] = Track(1.5 if threat else 0.5, 1, 0.2)
    tracks["spies"] = Track(0.0, 0, 0.0)
    staff = STAFF_SHARE * share * worth / (need_e + need_s)
    owned = {
        "L": Track(0.8, 4, 0.2),
        "E": Track(max(OWN_E, staff), need_e + 1, 0.3),
        "S": Track(max(OWN_S, staff), max(need_s, 2) + 1, 0.3),
    }
    home = {"L": Track(0.3, 0, 0.3), "E": Track(0.5, 0, 0.5), "S": Track(0.5, 0, 0.5)}
    if bomb is not None and row[fuel] >= amount:
        home["E"] = Track(4.0, need_e, 0.5)
        home["S"] = Track(4.0, need_s, 0.5)
    elif not hand and state["offer"]:
        home["E"] = Track(3.0, 1, 0.5)
        home["S"] = Track(3.0, 1, 0.5)
    horizon = max(0.5, min(MAX_USES, rounds_left(state) / 2.5))
    workers = sum(4 - row["pool"][k] for k in ("L", "E", "S"))
    staffing = {k: 4 - row["pool"][k] + row["contract"][k] for k in ("L", "E", "S")}
    main = "L" if staffing["L"] else max(("E", "S"), key=lambda k: staffing[k])
    staffing[main] = max(0, staffing[main] - 1)
    return Context(
        seat, target(state), bomb, tracks, owned, home, horizon, workers=workers, staffing=staffing, row=row
    )


def virtual(state: State) -> tuple[int, float]:
    """Fuel amount and points (loaded, less one) of an average uranium bomb of the deck: 6 and 32
    with the reconstruction, 4 and 22 with the published cards, whose bombs are smaller."""
    uranium = [b for b in bombs_of(state).values() if b.fuel == "uranium"]
    amount = round(sum(b.amount for b in uranium) / len(uranium))
    return amount, float(round(sum(b.value for b in uranium) / len(uranium)) + LOAD_POINTS - 1)


def rounds_left(state: State) -> float:
    """How long the game will likely last: the leader's missing points at a decent pace (the
    winning score in ``EXPECTED_ROUNDS``), and never beyond the round limit."""
    goal = target(state)
    lead = max(total(state, s) for s in range(state["players"]))
    pace = goal / EXPECTED_ROUNDS
    return min(max(0.0, goal - lead) / pace, state["options"]["max_rounds"] - state["round"] + 1.0)


def buildings_worth(state: State, ctx: Context, row: dict[str, Any]) -> float:
    """The undamaged buildings' uses left. Buildings share the seat's workers: the best uses per
    worker are staffed first (engineers and scientists only where a building needs them, one
    worker kept for the main board); those left without workers count little."""
    cards = buildings_of(state)
    standing = [cards[b["card"]] for b in row["buildings"] if not b["damage"]]
    uses = sorted(
        ((ctx.use_value(card), card) for card in standing),
        key=lambda item: (-item[0] / item[1].need.count, item[1].id),
    )
    free = dict(ctx.staffing)
    worth = 0.0
    for use, card in uses:
        if use <= 0:
            continue
        worth += use * (1.0 if _staff(free, card.need.kind, card.need.count) else UNSTAFFED)
    return worth * ctx.horizon * BUILDING_SHARE


def _staff(free: dict[str, int], kind: str, count: int) -> bool:
    """Take ``count`` workers of ``kind`` ("any": laborers first) from ``free``, if it has them."""
    if kind != "any":
        if free[kind] < count:
            return False
        free[kind] -= count
        return True
    if sum(free.values()) < count:
        return False
    for _ in range(count):
        take = "L" if free["L"] else max(("E", "S"), key=lambda k: free[k])
        free[take] -= 1
    return True


def value(state: State, ctx: Context) -> float:
    """The seat's position in points: points, then everything that will make points."""
    seat = ctx.seat
    if state["phase"] == "over" and state["winner"] is not None:
        return WIN if state["winner"] == seat else -WIN
    row = state["seats"][seat]
    worth = float(points(state, seat))
    for key, track in ctx.tracks.items():
        worth += track.worth(row[key])
    home, contract, pool = row["home"], row["contract"], row["pool"]
    for kind in ("L", "E", "S"):
        worth += ctx.owned[kind].worth(4 - pool[kind])
        worth += ctx.home[kind].worth(home[kind] + contract[kind]) + 0.15 * home[kind]
    worth += buildings_worth(state, ctx, row)
    worth += hand_worth(state, seat, row["hand"])
    return worth
