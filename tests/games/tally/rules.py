"""Tally's rules as small functions over a private copy of the state.

Tally is a test game (not shipped): just enough rules to exercise what the shared bot must
handle for 2-5 players. Each round every seat secretly bids 0-2 at the same time; then each
seat in turn may ``step`` (+1 point, up to 2, undoable), ``draw`` a card (private, not
undoable) and ends with ``done``. Two steps give the next seat a reaction out of turn:
``challenge`` (the mover loses the 2 points unless they bid 2; then the challenger loses 1)
or ``allow``. A seat whose kept points equal its bid gets 1 more at the round's end. After the
last round (or when one seat is left) the score is points plus the cards in hand.

The functions here mutate the state they are given; ``Tally.apply`` hands them a deep copy,
so the engine stays pure. See tests/games/tally/RULES.md.
"""

from __future__ import annotations

from engine.core import Event, GameInfo, OptionSpec, Rng, State

INFO = GameInfo(
    name="tally",
    min_players=2,
    max_players=5,
    options={"rounds": OptionSpec(default=3, minimum=1, maximum=5)},
    timeout_move=True,
    seat_params=("seat", "next", "opponent"),
    automa_name_key="tally.automa_name",
    resign_move="resign",
    bot_levels=("easy", "hard"),
)

BID, STEP, DRAW, DONE = "bid", "step", "draw", "done"
CHALLENGE, ALLOW, RESIGN = "challenge", "allow", "resign"
MAX_BID = 2
MAX_STEPS = 2
"""Steps per turn; a turn that ends with this many gives the next seat a reaction."""
DECK = tuple(value for value in range(4) for _ in range(6))
"""Card values 0-3, six of each: the deck a game starts with (drawn at random, seeded)."""


def new_state(seats: int, rounds: int, seed: int) -> State:
    if not INFO.min_players <= seats <= INFO.max_players:
        raise ValueError(f"tally is for {INFO.min_players}-{INFO.max_players} players, not {seats}")
    state: State = {
        "seats": seats,
        "rounds": rounds,
        "round": 0,
        "phase": BID,
        "out": [],
        "bids": [None] * seats,
        "points": [0] * seats,
        "gained": [0] * seats,
        "queue": [],
        "pending": 0,
        "drew": False,
        "reactor": None,
        "hands": [[] for _ in range(seats)],
        "deck": list(DECK),
        "rng": Rng(seed).state,
    }
    start_round(state)
    return state


# ------------------------------------------------------------------- who plays
def active(state: State) -> list[int]:
    """Seats still in the game, in seat order."""
    return [s for s in range(state["seats"]) if s not in state["out"]]


def next_active(state: State, seat: int) -> int:
    """The first seat after ``seat`` (cyclically) that is still in the game."""
    n = state["seats"]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if other not in state["out"]:
            return other
    raise AssertionError("no seat is left")


def mover(state: State) -> int | None:
    """The seat whose turn it is (also while its two steps await a reaction)."""
    return state["queue"][0] if state["queue"] else None


# --------------------------------------------------------------------- rounds
def start_round(state: State) -> list[Event]:
    state["round"] += 1
    state["phase"] = BID
    state["bids"] = [None] * state["seats"]
    state["gained"] = [0] * state["seats"]
    return [Event("tally.round_started", {"round": state["round"], "rounds": state["rounds"]})]


def reveal_bids(state: State) -> list[Event]:
    """Everyone has bid: the bids are shown and the turns begin, the first seat rotating by round."""
    n = state["seats"]
    first = (state["round"] - 1) % n
    state["phase"] = "turn"
    state["queue"] = [s for s in ((first + i) % n for i in range(n)) if s not in state["out"]]
    return [Event("tally.bid_revealed", {"seat": s, "bid": state["bids"][s]}) for s in state["queue"]]


def end_turn(state: State) -> list[Event]:
    """The mover's turn is over: the next seat plays, or the round ends."""
    state["queue"].pop(0)
    state["pending"] = 0
    state["drew"] = False
    state["reactor"] = None
    state["phase"] = "turn"
    return [] if state["queue"] else end_round(state)


def end_round(state: State) -> list[Event]:
    events = []
    for seat in active(state):
        if state["gained"][seat] == state["bids"][seat]:
            state["points"][seat] += 1
            events.append(Event("tally.bid_kept", {"seat": seat}))
    if state["round"] >= state["rounds"]:
        return events + finish(state)
    return events + start_round(state)


def finish(state: State) -> list[Event]:
    state["phase"] = "over"
    state["queue"] = []
    state["reactor"] = None
    state["pending"] = 0
    return [Event("tally.game_over")]


def keep(state: State, seat: int, points: int) -> None:
    state["points"][seat] += points
    state["gained"][seat] = points


# ---------------------------------------------------------------------- moves
def bid(state: State, seat: int, value: int) -> list[Event]:
    state["bids"][seat] = value
    events = [Event("tally.bid_made", {"seat": seat})]
    if all(state["bids"][s] is not None for s in active(state)):
        events += reveal_bids(state)
    return events


def step(state: State, seat: int) -> list[Event]:
    state["pending"] += 1
    return [Event("tally.stepped", {"seat": seat, "count": state["pending"]})]


def draw(state: State, seat: int) -> list[Event]:
    """A card at random from the deck into the hand: everyone sees that a card was drawn, only
    the drawer which one (a private event)."""
    rng = Rng(state["rng"])
    card = state["deck"].pop(rng.below(len(state["deck"])))
    state["rng"] = rng.state
    state["hands"][seat].append(card)
    state["drew"] = True
    return [
        Event("tally.drew", {"seat": seat}),
        Event("tally.drew_card", {"seat": seat, "card": card}, audience=seat),
    ]


def done(state: State, seat: int) -> list[Event]:
    if state["pending"] >= MAX_STEPS:
        state["phase"] = "react"
        state["reactor"] = next_active(state, seat)
        return [Event("tally.reaction", {"seat": seat, "next": state["reactor"]})]
    points = state["pending"]
    keep(state, seat, points)
    return [Event("tally.kept", {"seat": seat, "count": points}), *end_turn(state)]


def react(state: State, seat: int, challenge: bool) -> list[Event]:
    """The reactor answers the mover's two steps; the mover's turn then ends."""
    moved = mover(state)
    assert moved is not None
    words = {"seat": seat, "opponent": moved}
    if not challenge:
        keep(state, moved, state["pending"])
        return [Event("tally.allowed", words), *end_turn(state)]
    if state["bids"][moved] >= MAX_STEPS:
        keep(state, moved, state["pending"])
        state["points"][seat] -= 1
        return [Event("tally.challenge_failed", words), *end_turn(state)]
    keep(state, moved, 0)
    return [Event("tally.challenge_upheld", words), *end_turn(state)]


def resign(state: State, seat: int) -> list[Event]:
    """``seat`` leaves; the game goes on while two seats remain. Whatever the seat owed is
    settled so the game never waits for it: its bid is forgotten, its turn ends without points,
    and a reaction it owed passes to the next seat."""
    state["out"].append(seat)
    events = [Event("core.resigned", {"seat": seat})]
    if len(active(state)) < 2:
        return events + finish(state)
    if state["phase"] == BID:
        state["bids"][seat] = None
        if all(state["bids"][s] is not None for s in active(state)):
            events += reveal_bids(state)
        return events
    if mover(state) == seat:
        state["gained"][seat] = 0
        return events + end_turn(state)
    if seat in state["queue"]:
        state["queue"].remove(seat)
    if state["phase"] == "react" and state["reactor"] == seat:
        moved = mover(state)
        assert moved is not None
        state["reactor"] = next_active(state, moved)
        events.append(Event("tally.reaction", {"seat": moved, "next": state["reactor"]}))
    return events
