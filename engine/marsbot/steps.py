"""Imports every module that registers step handlers, so ``resolve.run`` knows them all."""

from engine.marsbot import (  # noqa: F401
    actions,
    bonus,
    claims,
    corporations,
    generations,
    params,
    scoring,
    tracks,
)
