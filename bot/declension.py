"""Names that decline: a sentence asks for the case it needs, ``{tile:acc}``.

Czech inflects a name by its role in the sentence ("pokládá Základnu 3", "staví Malou fúzní
elektrárnu", "ze základního balíčku"); English does not. So a name inserted into a sentence is a
:class:`Name`: a ``str`` holding its nominative (whatever treats it as text keeps working) that
also knows its other case forms, and whose ``__format__`` takes the case as the format spec,
in the same spirit as ``{cmd:…}``. An English sentence writes ``{tile}``, the Czech one
``{tile:acc}``; a name without forms (every English one) gives its one form for any case.

Why case fields and not Fluent terms: the catalogs are TOML sentences with ``str.format``
placeholders and CLDR plural tables already; a case spec on a placeholder is one small step in
the same system, where Fluent would be a second translation system beside it (its own syntax,
its own files, its own fallback rules) for one feature.

The forms live in ``names.toml`` beside a game's catalogs (``cogs/<game>/locales/cs/names.toml``),
keyed by the nominative as the content data or a catalog spells it, one inline table per name::

    "Dílna" = { gen = "Dílny", dat = "Dílně", acc = "Dílnu", loc = "Dílně", ins = "Dílnou" }

They stay out of the engine's content files on purpose: those are versioned by digest and
stored with every game, and the case of a name is presentation, not a rule; keyed by the
nominative, a corrected content file that renames something is caught by the coverage test
instead of silently declining a stale name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

CASES: tuple[str, ...] = ("nom", "gen", "dat", "acc", "loc", "ins")
"""The Czech cases a sentence may ask for (vocative is never needed: names are not addressed)."""

NAMES_FILE = "names.toml"
"""The file of case forms in a language's catalog folder; not a catalog of sentences (``bot.i18n``
loads both)."""


class Name(str):
    """A name in the nominative that gives another case for a format spec: ``{tile:acc}``."""

    __slots__ = ("forms",)
    forms: Mapping[str, str]

    def __new__(cls, nominative: str, forms: Mapping[str, str] | None = None) -> Name:
        made = super().__new__(cls, nominative)
        made.forms = {**(forms or {}), "nom": str(nominative)}
        return made

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return self.forms.get(spec, self.forms["nom"])
        return format(str(self), spec)

    def case(self, name: str) -> str:
        return format(self, name)

    def declines(self) -> bool:
        """Whether every case has its own entry (an English name has only the nominative)."""
        return all(case in self.forms for case in CASES)

    def map(self, shape: Callable[[str], str]) -> Name:
        """The same name in a frame, every case alike: ``Dílna (E01)`` from ``Dílna``."""
        return Name(shape(self.forms["nom"]), {case: shape(form) for case, form in self.forms.items()})


def join(names: Iterable[str], separator: str = ", ") -> Name:
    """Several names as one, declined together: ``{tiles:acc}`` -> ``Planetu, Dýni``."""
    items = [n if isinstance(n, Name) else Name(n) for n in names]
    forms = {case: separator.join(format(n, case) for n in items) for case in CASES}
    return Name(forms["nom"], forms)
