"""Workers: the personal supply, which workers fit a requirement, recruiting, and retrieving.

A seat's personal supply is ``home`` (its own colour) plus ``contract`` (grey contractors it
holds); ``pool`` is its colour not yet recruited. Tokens on the table: ``L E S`` are permanent
workers of the seat that placed them (on a bomb or test card: of its owner), ``cL cE cS``
contractors. Gained workers come from the seat's pool while it has them, else from the common
supply of contractors while that has them — unless the player asks for contractors: the rulebook
lets them take "trvalé anebo smluvní pracovníky (pokud jsou k dispozici)", any mix, so a move may
say how many of the gained workers are contractors (``c<N>``, see ``hire_counts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core import Event, State
from engine.manhattan.content import WORKER_KINDS
from engine.manhattan.notation import TOKENS, is_contractor, kind_of

ALLOWED: dict[str, tuple[str, ...]] = {
    "any": TOKENS,
    "L": ("L", "cL"),
    "E": ("E", "cE"),
    "S": ("S", "cS"),
}


def supply(row: dict[str, Any]) -> tuple[int, ...]:
    """Counts of the seat's tokens at hand, in ``TOKENS`` order."""
    home, contract = row["home"], row["contract"]
    return (home["L"], home["E"], home["S"], contract["L"], contract["E"], contract["S"])


def supply_size(row: dict[str, Any]) -> int:
    return sum(row["home"].values()) + sum(row["contract"].values())


def has_tokens(row: dict[str, Any], tokens: Sequence[str]) -> bool:
    counts = dict(zip(TOKENS, supply(row), strict=True))
    return all(counts[token] >= n for token, n in Counter(tokens).items())


def take_tokens(row: dict[str, Any], tokens: Iterable[str]) -> None:
    """Take ``tokens`` from the (copied) row's personal supply; availability was checked."""
    for token in tokens:
        box = row["contract"] if is_contractor(token) else row["home"]
        box[kind_of(token)] -= 1


@lru_cache(maxsize=4096)
def combos(available: tuple[int, ...], allowed: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    """Every multiset of ``count`` tokens out of ``allowed`` that ``available`` can pay, canonical."""
    limit = dict(zip(TOKENS, available, strict=True))
    found: list[tuple[str, ...]] = []

    def walk(index: int, left: int, chosen: tuple[str, ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        if index == len(allowed):
            return
        token = allowed[index]
        for take in range(min(limit[token], left), -1, -1):
            walk(index + 1, left - take, chosen + (token,) * take)

    walk(0, count, ())
    return tuple(found)


def fits(tokens: Sequence[str], kinds: Sequence[str]) -> bool:
    """Whether ``tokens`` are exactly the workers ``kinds`` asks for ("any" takes any kind)."""
    if len(tokens) != len(kinds):
        return False
    have = Counter(kind_of(token) for token in tokens)
    have.subtract(Counter(kind for kind in kinds if kind != "any"))
    return all(n >= 0 for n in have.values())


def alternatives(available: tuple[int, ...], needs: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Every token multiset that meets one of ``needs`` (alternatives of kinds placed together)."""
    found: dict[tuple[str, ...], None] = {}
    for kinds in needs:
        groups = Counter(kinds)
        partial: list[tuple[str, ...]] = [()]
        for kind, count in groups.items():
            partial = [done + more for done in partial for more in combos(available, ALLOWED[kind], count)]
        for tokens in partial:
            ordered = tuple(sorted(tokens, key=TOKENS.index))
            counts = Counter(ordered)
            if all(counts[t] <= available[i] for i, t in enumerate(TOKENS)):
                found[ordered] = None
    return list(found)


def hire_counts(state: State, row: dict[str, Any], given: Mapping[str, int]) -> range:
    """How many of the workers ``given`` may be contractors besides the default (empty: no choice).

    The default takes permanent workers while the pool lasts; a choice exists when the common
    supply holds contractors of that kind and the pool could have given some of them instead. A
    yield of several worker kinds has no choice (the default)."""
    kinds = [key for key in given if key in WORKER_KINDS and given[key] > 0]
    if len(kinds) != 1:
        return range(0)
    kind = kinds[0]
    pool, free = row["pool"][kind], state["contractors"][kind]
    gained = min(given[kind], pool + free)
    default = max(0, gained - pool)
    return range(default + 1, min(free, gained) + 1)


def recruit(new: State, row: dict[str, Any], kind: str, count: int, contract: int = 0) -> int:
    """Gain ``count`` workers of ``kind``: ``contract`` contractors first if asked, then permanent
    from the pool, then contractors from the common supply (``new["contractors"]`` is copied if
    touched). Returns how many came."""
    got = 0
    for index in range(count):
        if index < contract and new["contractors"][kind] > 0:
            new["contractors"] = {**new["contractors"], kind: new["contractors"][kind] - 1}
            row["contract"][kind] += 1
        elif row["pool"][kind] > 0:
            row["pool"][kind] -= 1
            row["home"][kind] += 1
        elif new["contractors"][kind] > 0:
            new["contractors"] = {**new["contractors"], kind: new["contractors"][kind] - 1}
            row["contract"][kind] += 1
        else:
            break
        got += 1
    return got


# --------------------------------------------------------------------------- retrieving


def own_out(state: State, seat: int) -> int:
    """How many of ``seat``'s permanent workers a retrieve would bring home."""
    count = 0
    for entry in _placed_by(state, seat):
        count += sum(1 for token in entry["workers"] if not is_contractor(token))
    row = state["seats"][seat]
    for bomb in row["bombs"]:
        count += sum(1 for token in bomb["workers"] if not is_contractor(token))
    if row["test"] is not None:
        count += sum(1 for token in row["test"]["workers"] if not is_contractor(token))
    return count


def _placed_by(state: State, seat: int) -> Iterable[dict[str, Any]]:
    for entry in state["spaces"].values():
        if entry["seat"] == seat:
            yield entry
    for entry in state["build"]:
        if entry["seat"] == seat:
            yield entry
    for row in state["seats"]:
        for building in row["buildings"]:
            if building["workers"] is not None and building["workers"]["seat"] == seat:
                yield building["workers"]


class _Returns:
    """Workers going back during one move: permanent ones to their owners' homes, contractors to
    the common supply. Copies each touched seat once."""

    def __init__(self, new: State) -> None:
        self.new = new
        self.copied: set[int] = set()
        new["seats"] = list(new["seats"])
        new["contractors"] = dict(new["contractors"])

    def row(self, seat: int) -> dict[str, Any]:
        if seat not in self.copied:
            row = dict(self.new["seats"][seat])
            for box in ("home", "contract", "pool"):
                row[box] = dict(row[box])
            self.new["seats"][seat] = row
            self.copied.add(seat)
        return self.new["seats"][seat]

    def back(self, owner: int, tokens: Iterable[str]) -> None:
        for token in tokens:
            if is_contractor(token):
                self.new["contractors"][kind_of(token)] += 1
            else:
                self.row(owner)["home"][kind_of(token)] += 1


def retrieve_workers(new: State, seat: int, leaving: bool = False) -> None:
    """The text's three steps for ``seat`` (``new`` is a copy). ``leaving``: the seat resigns, so
    its contractors on other seats' buildings go back to the common supply too."""
    returns = _Returns(new)
    # Step 1 and 3: the seat's workers on the main board.
    spaces = {}
    for space, entry in new["spaces"].items():
        if entry["seat"] == seat:
            returns.back(seat, entry["workers"])
        else:
            spaces[space] = entry
    new["spaces"] = spaces
    kept = []
    for entry in new["build"]:
        if entry["seat"] == seat:
            returns.back(seat, entry["workers"])
        else:
            kept.append(entry)
    new["build"] = kept
    # Step 1: its permanent workers on other seats' buildings (contractors stay there).
    for owner, row in enumerate(list(new["seats"])):
        if owner == seat:
            continue
        touched = [b for b in row["buildings"] if b["workers"] is not None and b["workers"]["seat"] == seat]
        if not touched:
            continue
        mine = returns.row(owner)
        edited = []
        for building in mine["buildings"]:
            if building["workers"] is None or building["workers"]["seat"] != seat:
                edited.append(building)
                continue
            workers = building["workers"]["workers"]
            stay = [] if leaving else [token for token in workers if is_contractor(token)]
            returns.back(seat, [token for token in workers if token not in stay])
            edited.append({**building, "workers": {"seat": seat, "workers": stay} if stay else None})
        mine["buildings"] = edited
    # Step 2: everything on its own buildings, bombs and test card.
    row = returns.row(seat)
    edited = []
    for building in row["buildings"]:
        if building["workers"] is None:
            edited.append(building)
            continue
        returns.back(building["workers"]["seat"], building["workers"]["workers"])
        edited.append({**building, "workers": None})
    row["buildings"] = edited
    bombs = []
    for bomb in row["bombs"]:
        returns.back(seat, bomb["workers"])
        bombs.append({**bomb, "workers": []})
    row["bombs"] = bombs
    if row["test"] is not None:
        returns.back(seat, row["test"]["workers"])
        row["test"] = {**row["test"], "workers": []}
    # Step 3: its contractors at hand.
    for kind in WORKER_KINDS:
        new["contractors"][kind] += row["contract"][kind]
        row["contract"][kind] = 0


def retrieve(state: State, seat: int) -> tuple[State, list[Event]]:
    new = dict(state)
    retrieve_workers(new, seat)
    return new, [Event("manhattan.retrieved", {"seat": seat})]
