"""What a picture shows, declared by its renderer, so an unchanged picture is not drawn again.

Most moves change only part of a game's public view, and a second picture often shows none of
that part (a Moonriser move leaves its details picture as it was 84 % of the time; MarsBot's
claims picture, 96 %). A renderer decorated with :func:`drawn_from` names the part of its
arguments that its picture is a pure function of; the bot's picture cache (``bot.pictures``)
keys on that part, so such a move costs neither drawing nor encoding. ``tests/render/
test_picture_inputs.py`` checks over whole games that equal inputs always give equal pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

ATTRIBUTE = "picture_inputs"
"""Where :func:`drawn_from` keeps a renderer's inputs function."""


def drawn_from(inputs: Callable[..., Any]) -> Callable[[F], F]:
    """Declare that the renderer's picture depends only on ``inputs(*args, **kwargs)``: plain,
    picklable data (equal data, equal picture). Leave a renderer undeclared when unsure: its
    whole arguments are then the key, which is always safe."""

    def declare(renderer: F) -> F:
        setattr(renderer, ATTRIBUTE, inputs)
        return renderer

    return declare


def inputs_of(renderer: Callable[..., Any]) -> Callable[..., Any] | None:
    """The renderer's declared inputs function, or ``None``."""
    return getattr(renderer, ATTRIBUTE, None)
