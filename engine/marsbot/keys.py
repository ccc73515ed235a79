"""Every translation key the MarsBot engine emits, with its parameters, for the cog's locales.

``EVENTS``: event codes (``marsbot.<name>``); each is both what happened and, for MarsBot's, the
instruction for the physical board. ``REFUSALS``: why a move is refused (the person reads it as a
whole sentence). ``QUESTIONS``: ``state["question"]`` kinds with their fields. ``REASONS``: the
values some parameters take (``failed.reason``, ``money.why`` ...), each worth a phrase of its own.
A test checks that the engine emits nothing that is not listed here.
"""

from __future__ import annotations

EVENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("marsbot.turn", ("who",)),
    ("marsbot.passed", ("who",)),
    ("marsbot.card_needed", ("why",)),
    ("marsbot.card_unfit", ("fits",)),
    ("marsbot.card", ("tags", "cost", "req", "vp")),
    ("marsbot.no_tags", ()),
    ("marsbot.tag", ("tag", "track")),
    ("marsbot.tag_ignored", ("tag",)),
    ("marsbot.track", ("track", "from", "to")),
    ("marsbot.track_end", ("track",)),
    ("marsbot.no_trigger", ("track", "to")),
    ("marsbot.action", ("track", "space", "action")),
    ("marsbot.ignored", ("action",)),
    ("marsbot.failed", ("reason", "money", "total")),
    ("marsbot.money", ("amount", "total", "why")),
    ("marsbot.paid", ("amount", "total", "why")),
    ("marsbot.tr", ("amount", "total")),
    ("marsbot.temperature", ("from", "to")),
    ("marsbot.oxygen", ("from", "to")),
    ("marsbot.venus", ("from", "to")),
    ("marsbot.oceans", ("from", "to")),
    ("marsbot.raised", ("param", "steps", "from", "to")),
    ("marsbot.tile", ("tile", "space", "owner", "reason", "place")),
    ("marsbot.tie", ("tile", "tied", "count", "space")),
    ("marsbot.tie_rank", ("tile", "tied", "rule", "space")),
    ("marsbot.milestone", ("milestone", "owner")),
    ("marsbot.award", ("award", "owner")),
    ("marsbot.bonus", ("card",)),
    ("marsbot.bonus_removed", ("card",)),
    ("marsbot.bonus_discarded", ("card",)),
    ("marsbot.bonus_reshuffled", ("size",)),
    ("marsbot.next_bonus", ("card",)),
    ("marsbot.no_effect", ("card",)),
    ("marsbot.help", ("award",)),
    ("marsbot.discard_plants", ()),
    ("marsbot.discard_animal", ()),
    ("marsbot.floater", ("total",)),
    ("marsbot.corporation", ("corporation", "content")),
    ("marsbot.cube", ("track", "space", "colour", "instead")),
    ("marsbot.corp_plants", ("total",)),
    ("marsbot.cut", ("resource", "track", "from", "to")),
    ("marsbot.taken", ("amount", "total")),
    ("marsbot.gained", ("amount", "total")),
    ("marsbot.advanced", ("track",)),
    ("marsbot.generation", ("generation", "first", "draft_positions", "cards")),
    ("marsbot.final", ("first",)),
    ("marsbot.final_greenery", ("track", "space")),
    ("marsbot.final_none", ()),
    ("marsbot.award_result", ("award", "marsbot", "person", "winners")),
    (
        "marsbot.breakdown",
        (
            "generation",
            "total",
            "tr",
            "milestones",
            "awards",
            "greeneries",
            "cities",
            "cmm",
            "money",
            "cards",
        ),
    ),
    ("marsbot.scored", ("person", "marsbot", "winner")),
    ("marsbot.lost_generation", ("generation",)),
    ("marsbot.resigned", ()),
    ("marsbot.tie_marsbot", ("score",)),
)
"""``generation.draft_positions`` only with the draft variant: {picks: [4 positions, 1 = the top
card of the pile in front of MarsBot], discard: 1–4 or None on brutal}; with a corporation's draft
priority (rules version 3) also ``priority`` (``cost``: the highest cost) and no picks.
``cube.instead``: the action a white cube replaces (rules version 2), absent otherwise.
``tile.place`` (MarsBot's tiles): what the printed board shows there {name, reserved, bonus, ocean},
to find the space by.
``winners`` is a list of ``person``/``marsbot``; ``scored.winner`` is the seat (0 the person, 1 MarsBot)."""

REFUSALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("marsbot.no_such_space", ("tile", "space")),
    ("marsbot.space_taken", ("tile", "space")),
    ("marsbot.not_ocean_space", ("tile", "space")),
    ("marsbot.ocean_space", ("tile", "space")),
    ("marsbot.reserved_space", ("tile", "space")),
    ("marsbot.oceans_maxed", ("tile", "space")),
    ("marsbot.off_mars_city", ("tile", "space")),
    ("marsbot.no_venus", ("param", "steps", "left")),
    ("marsbot.beyond_maximum", ("param", "steps", "left")),
    ("marsbot.nothing_to_cut", ("resource", "track")),
    ("marsbot.cut_too_much", ("resource", "track", "position")),
    ("marsbot.nothing_to_take", ("amount",)),
    ("marsbot.milestone_taken", ("milestone",)),
    ("marsbot.milestones_full", ("milestone",)),
    ("marsbot.award_taken", ("award",)),
    ("marsbot.awards_full", ("award",)),
    ("marsbot.milestone_venus", ("milestone",)),
    ("marsbot.award_venus", ("award",)),
    ("marsbot.milestone_map", ("milestone",)),
    ("marsbot.award_map", ("award",)),
    ("marsbot.tracks_at_end", ()),
    ("marsbot.final_done", ()),
    ("marsbot.final_only_greenery", ("move",)),
    ("marsbot.answer_first", ("question", "move")),
    ("marsbot.no_question", ("move",)),
    ("marsbot.not_now", ("move",)),
    ("marsbot.no_wild", ()),
    ("marsbot.card_needs_req", ()),
    ("marsbot.card_needs_vp", ()),
    ("marsbot.card_needs_colour", ()),
    ("marsbot.not_a_choice", ("milestone", "choices")),
    ("marsbot.values_mismatch", ("awards",)),
    ("marsbot.undo_generation", ()),
)
"""Also raised, shared keys: ``core.bad_notation{text}``, ``core.game_over``,
``core.not_your_turn``; undo's ``undo.final``. ``marsbot.undo_generation`` is undo's reason."""

QUESTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("card", ("why",)),
    ("cost", ("tile", "tied")),
    ("plants", ()),
    ("closest", ("milestones",)),
    ("values", ("awards", "why")),
    ("total", ()),
)

REASONS: dict[str, tuple[str, ...]] = {
    "failed.reason": (
        "track_end",
        "maxed",
        "no_space",
        "no_milestone",
        "no_award",
        "no_tags",
        "bonus_blocked",
    ),
    "money.why": (
        "corporation",
        "temperature",
        "venus",
        "adjacent_oceans",
        "placement_bonus",
        "bonus",
    ),
    "paid.why": ("milestone", "b08"),
    "tile.reason": ("action", "temperature", "b05", "b06", "b07", "b08", "b16", "b23", "final", "report"),
    "tie_rank.rule": ("oceans", "bonuses"),
    "card_needed.why": ("action", "cmm", "white_cube", "b03", "b08"),
    "card_unfit.fits": ("not_event", "costly", "green"),
    "values.why": ("fund", "help", "scoring"),
    "turn.who": ("person", "marsbot"),
}

NAME_KEY = "marsbot.name"
"""The automa's name (``GameInfo.automa_name_key``)."""
