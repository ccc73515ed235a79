"""Events and refusals in words: engine codes (tracks, tags, tiles, cards) become the reader's
words before the sentence is built, so a player never reads ``tr3`` or ``B06``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import (
    action_name,
    award_name,
    bonus_name,
    corporation_name,
    cut_name,
    milestone_name,
    param_name,
    space_name,
    tag_name,
    tags_words,
    tile_name,
    track_name,
    vp_words,
)
from cogs.marsbot.places import by_row, place_words

Word = Callable[[Tr, str], str]
SINGLE: dict[str, Word] = {
    "track": track_name,
    "action": action_name,
    "tile": tile_name,
    "param": param_name,
    "milestone": milestone_name,
    "award": award_name,
    "resource": cut_name,
    "vp": vp_words,
    "space": space_name,
}
LISTS: dict[str, Word] = {"milestones": milestone_name, "awards": award_name}
SIDES = ("who", "owner")
"""Parameters naming a side (``person`` or ``marsbot``) that pick the sentence: MarsBot's tile is
an instruction ("Place a MarsBot city…"), the person's a note ("Your city… is noted")."""
TIE_CODES = frozenset({"marsbot.tie", "marsbot.tie_rank"})
"""A tile's tie-break: its spaces are named by row and place, as the person counts them."""
BY_SIDE = frozenset({"marsbot.turn", "marsbot.passed", "marsbot.tile", "marsbot.milestone", "marsbot.award"})


def side_words(tr: Tr, side: str) -> str:
    return tr(f"marsbot.side.{side}")


def _sentence(code: str, params: dict[str, Any]) -> str:
    """The sentence key for an event whose parameters choose its wording."""
    if code in BY_SIDE:
        side = next((params[k] for k in SIDES if params.get(k) in ("person", "marsbot")), "marsbot")
        return f"{code}_{side}"
    if code == "marsbot.card_needed":
        return f"{code}_{params.get('why', 'action')}"
    if code == "marsbot.card_unfit":
        return f"{code}_{params.get('fits', 'not_event')}"
    if code == "marsbot.generation" and isinstance(params.get("draft_positions"), dict):
        by_priority = params["draft_positions"].get("priority")
        return "marsbot.generation_draft_cost" if by_priority else "marsbot.generation_draft"
    if code == "marsbot.cube" and params.get("instead"):
        return "marsbot.cube_instead"
    if code == "marsbot.scored":
        return "marsbot.scored_won" if params.get("winner") == 0 else "marsbot.scored_lost"
    return code


def event_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An event's or refusal's codes in words, and the sentence that fits them: by side, by why
    a card is needed, with or without the draft, won or lost."""
    out = dict(params)
    code = _sentence(code, out)
    if code in TIE_CODES and isinstance(out.get("space"), str):
        out["space"] = place_words(tr, out["space"])  # where the count ended, as the person counted
    if isinstance(out.get("place"), dict) and isinstance(out.get("space"), str):
        out["place"] = place_words(tr, out["space"], out["place"])
    elif code == "marsbot.tile_marsbot" and isinstance(out.get("space"), str):
        out["place"] = place_words(tr, out["space"])  # an event of an older game, without its place
    for key, word in SINGLE.items():
        if isinstance(out.get(key), str):
            out[key] = word(tr, out[key])
    for key, word in LISTS.items():
        if isinstance(out.get(key), str):
            out[key] = [v.strip() for v in out[key].split(",")]
        if isinstance(out.get(key), list | tuple):
            out[key] = ", ".join(word(tr, str(v)) for v in out[key])
    if isinstance(out.get("tags"), list | tuple | str):
        out["tags"] = tags_words(tr, out["tags"])
    if isinstance(out.get("card"), str) and out["card"].startswith("B"):
        out["card"] = bonus_name(tr, out["card"])
    if isinstance(out.get("reason"), str):
        out["reason"] = tr(f"marsbot.reason.{out['reason']}")
    if out.get("first") in ("person", "marsbot"):
        which = "final_first" if code == "marsbot.final" else "first"
        out["first"] = tr(f"marsbot.{which}.{out['first']}")
    if code in ("marsbot.money", "marsbot.paid") and isinstance(out.get("why"), str):
        out["why"] = tr(f"marsbot.why.{out['why']}")
    if isinstance(out.get("instead"), str):
        out["instead"] = action_name(tr, out["instead"])
    if isinstance(out.get("rule"), str):
        out["rule"] = tr(f"marsbot.rule.{out['rule']}")
    if isinstance(out.get("colour"), str):
        out["colour"] = tr(f"marsbot.colour.{out['colour']}")
    if isinstance(out.get("question"), str):
        out["question"] = tr(f"marsbot.question.{out['question']}")
    if isinstance(out.get("tag"), str):
        out["tag"] = tag_name(tr, out["tag"])
    if isinstance(out.get("corporation"), str):
        version = out.get("content")
        out["corporation"] = corporation_name(
            tr, out["corporation"], version=version if isinstance(version, int) else None
        )
    if isinstance(out.get("winners"), list | tuple):
        out["winners"] = ", ".join(side_words(tr, str(w)) for w in out["winners"]) or tr("marsbot.nobody")
    if isinstance(out.get("choices"), list | tuple):
        out["choices"] = ", ".join(
            tr("marsbot.button.equal") if c == "equal" else milestone_name(tr, str(c)) for c in out["choices"]
        )
    if isinstance(out.get("tied"), list | tuple):
        out["n"] = len(out["tied"])
        out["tied"] = by_row(tr, [str(s) for s in out["tied"]])
    draft = out.pop("draft_positions", None)
    if isinstance(draft, dict):
        out["picks"] = ", ".join(str(p) for p in draft.get("picks", []))
        discard = draft.get("discard")
        which = "marsbot.draft_discard_cost" if draft.get("priority") else "marsbot.draft_discard"
        out["discard"] = tr(which, discard=discard) if discard else tr("marsbot.draft_keep")
    if isinstance(out.get("req"), bool):
        out["req"] = tr("marsbot.req.yes" if out["req"] else "marsbot.req.no")
    if code == "marsbot.card":  # a requirement or VP this game does not use was not asked: not said
        asked = [out[key] for key in ("req", "vp") if out.get(key) is not None]
        if len(asked) < 2:
            code = "marsbot.card_one" if asked else "marsbot.card_plain"
            out["fact"] = asked[0] if asked else ""
    return code, out
