"""Discord's documented limits on what a bot sends, checked on the JSON that would go over the wire.

SimCord accepts payloads that Discord refuses with 400 (a command option description of 105
characters made the real sync fail while every test passed), so these checks stand in for
Discord's validation. Each function returns a list of problems, one readable line each, naming
where (command, option, locale, component) and which limit; an empty list means Discord accepts it.

Where each limit comes from (Discord developer documentation, docs.discord.com/developers):

- Application commands, "Application Command Naming" and "Application Command Object":
  names 1-32 characters matching ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in their
  lowercase variant for CHAT_INPUT commands and options (USER and MESSAGE commands may use
  capitals and spaces); descriptions 1-100 characters for CHAT_INPUT, empty for USER/MESSAGE;
  localisations follow the same restrictions; at most 25 options (subcommands and groups are
  options too); required options before optional ones.
- "Application Command Option Choice Structure": at most 25 choices; choice name 1-100 characters
  (localisations likewise); a string value up to 100 characters (an empty one is accepted).
  ``min_length`` 0-6000, ``max_length`` 1-6000.
- "Registering a Command": at most 100 global CHAT_INPUT commands and 5 each of USER and MESSAGE;
  names unique per type. A command's name, description and value properties, of its options
  (subcommands and groups included) and choices, add up to at most 4,000 characters; with
  localisations, only the longest localisation of each field (the default included) counts.
- Message resource, "Create Message": content up to 2,000 characters; up to 10 embeds; up to
  10 files; an attachment's description (alt text) up to 1,024 characters.
- "Embed Limits": title 256, description 4,096, 25 fields, field name 256, field value 1,024,
  footer text 2,048, author name 256, all embeds of a message together 6,000 characters.
- Reference, "Uploading Files": the default upload limit is 10 MiB per file (lowered from 25 MiB
  in 2024; more only on boosted servers, which a bot cannot count on).
- Components reference: at most 5 action rows; a row holds up to 5 buttons or one select;
  button label 80, ``custom_id`` 1-100 (every component), link URL 512; select placeholder 150,
  1-25 options, option label/value/description 100, ``min_values`` 0-25, ``max_values`` 1-25;
  text input label 45, placeholder 100, value and lengths up to 4,000; a label component's
  label 45 and description 100.
- Interactions, "Modal": title up to 45 characters, 1-5 components; "Autocomplete": up to
  25 choices, each as a command option choice.
- Channel resource: a channel or thread name 1-100 characters.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import regex

NAME_PATTERN = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
STRING_LENGTH_MAX = 6000
COMMAND_CHARS_MAX = 4000
GLOBAL_CHAT_INPUT_MAX = 100
GLOBAL_CONTEXT_MENU_MAX = 5

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBEDS_TOTAL_MAX = 6000
FILES_MAX = 10
UPLOAD_BYTES_MAX = 10 * 1024 * 1024
ATTACHMENT_DESCRIPTION_MAX = 1024

ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
URL_MAX = 512
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_VALUE_MAX = 4000
LABEL_DESCRIPTION_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
AUTOCOMPLETE_CHOICES_MAX = 25
CHANNEL_NAME_MAX = 100

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUBCOMMAND, GROUP, STRING = 1, 2, 3
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECTS = (3, 5, 6, 7, 8)
LINK_STYLE = 5


_AT_LIMIT: ContextVar[list[str] | None] = ContextVar("at_limit", default=None)


@contextmanager
def texts_at_their_limit() -> Iterator[list[str]]:
    """Within it, a text exactly at its limit is collected too: the bot cuts texts it cannot bound
    (select labels, placeholders) to the limit, so our own text at the limit was most likely cut."""
    found: list[str] = []
    token = _AT_LIMIT.set(found)
    try:
        yield found
    finally:
        _AT_LIMIT.reset(token)


def _too_long(where: str, what: str, text: str, limit: int, low: int = 1) -> list[str]:
    at_limit = _AT_LIMIT.get()
    if at_limit is not None and len(text) == limit:
        at_limit.append(f"{where}: {what} is exactly Discord's limit of {limit}, cut by the bot? {text!r}")
    if low <= len(text) <= limit:
        return []
    shown = text if len(text) <= 120 else text[:120] + "…"
    return [f"{where}: {what} is {len(text)} characters, Discord allows {low}-{limit}: {shown!r}"]


def _localised(node: Mapping[str, Any], key: str) -> list[tuple[str, str]]:
    """(locale, text) of a field: ``default`` first, then each localisation."""
    texts = [("default", str(node.get(key, "")))]
    texts += sorted((locale, str(text)) for locale, text in (node.get(f"{key}_localizations") or {}).items())
    return texts


def _longest(node: Mapping[str, Any], key: str) -> int:
    return max(len(text) for _, text in _localised(node, key))


def _names(where: str, node: Mapping[str, Any], lowercase: bool, pattern: bool = True) -> list[str]:
    problems = []
    for locale, name in _localised(node, "name"):
        at = f"{where}, locale {locale}"
        problems += _too_long(at, "name", name, NAME_MAX)
        if pattern and name and not NAME_PATTERN.match(name):
            problems.append(f"{at}: name {name!r} does not match Discord's name pattern")
        if lowercase and name != name.lower():
            problems.append(f"{at}: name {name!r} must be lowercase")
    return problems


def _descriptions(where: str, node: Mapping[str, Any]) -> list[str]:
    problems = []
    for locale, text in _localised(node, "description"):
        problems += _too_long(f"{where}, locale {locale}", "description", text, DESCRIPTION_MAX)
    return problems


def _unique(where: str, nodes: Sequence[Mapping[str, Any]], what: str) -> list[str]:
    """Sibling names must differ in every locale (a locale without its own name uses the default)."""
    locales = {locale for node in nodes for locale, _ in _localised(node, "name")}
    problems = []
    for locale in sorted(locales):
        seen: dict[str, int] = {}
        for node in nodes:
            name = (node.get("name_localizations") or {}).get(locale, node.get("name", ""))
            seen[name] = seen.get(name, 0) + 1
        problems += [f"{where}, locale {locale}: two {what} named {n!r}" for n, k in seen.items() if k > 1]
    return problems


def _choices(where: str, option: Mapping[str, Any]) -> list[str]:
    choices = option.get("choices") or []
    problems = []
    if len(choices) > CHOICES_MAX:
        problems.append(f"{where}: {len(choices)} choices, Discord allows {CHOICES_MAX}")
    if choices and option.get("autocomplete"):
        problems.append(f"{where}: choices and autocomplete together")
    for choice in choices:
        at = f"{where}, choice {choice.get('name')!r}"
        for locale, name in _localised(choice, "name"):
            problems += _too_long(f"{at}, locale {locale}", "choice name", name, CHOICE_NAME_MAX)
        value = choice.get("value")
        if isinstance(value, str):
            problems += _too_long(at, "choice value", value, CHOICE_VALUE_MAX, low=0)
    return problems


def _options(where: str, node: Mapping[str, Any], depth: int) -> list[str]:
    options = node.get("options") or []
    problems = []
    if len(options) > OPTIONS_MAX:
        problems.append(f"{where}: {len(options)} options, Discord allows {OPTIONS_MAX}")
    problems += _unique(where, options, "options")
    nested = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
    if nested and len(nested) != len(options):
        problems.append(f"{where}: subcommands mixed with other options")
    if any(o.get("type") == GROUP for o in nested) and depth > 0:
        problems.append(f"{where}: a group inside a group")
    if depth > 1 and nested:
        problems.append(f"{where}: subcommands nested too deep")
    seen_optional = False
    for option in options:
        kind = option.get("type")
        at = (
            f"{where} {option.get('name')}"
            if kind in (SUBCOMMAND, GROUP)
            else f"{where}, option {option.get('name')!r}"
        )
        problems += _names(at, option, lowercase=True)
        problems += _descriptions(at, option)
        if kind in (SUBCOMMAND, GROUP):
            problems += _options(at, option, depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{at}: a required option after an optional one")
        else:
            seen_optional = True
        problems += _choices(at, option)
        if kind == STRING:
            low, high = option.get("min_length"), option.get("max_length")
            if low is not None and not 0 <= low <= STRING_LENGTH_MAX:
                problems.append(f"{at}: min_length {low}, Discord allows 0-{STRING_LENGTH_MAX}")
            if high is not None and not 1 <= high <= STRING_LENGTH_MAX:
                problems.append(f"{at}: max_length {high}, Discord allows 1-{STRING_LENGTH_MAX}")
    return problems


def command_size(command: Mapping[str, Any]) -> int:
    """Characters Discord counts against a command's 4,000: the longest localisation of each
    name and description, and each choice's longest name and its value, all levels down."""

    def size(node: Mapping[str, Any]) -> int:
        total = _longest(node, "name") + _longest(node, "description")
        for choice in node.get("choices") or []:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
        return total + sum(size(option) for option in node.get("options") or [])

    return size(command)


def check_command(command: Mapping[str, Any]) -> list[str]:
    """Every documented limit of one command, its options, subcommands and choices, in every locale."""
    kind = command.get("type", CHAT_INPUT)
    where = f"command /{command.get('name')}" if kind == CHAT_INPUT else f"command {command.get('name')!r}"
    chat = kind == CHAT_INPUT
    problems = _names(where, command, lowercase=chat, pattern=chat)
    if chat:
        problems += _descriptions(where, command)
        problems += _options(where, command, 0)
    elif any(text for _, text in _localised(command, "description")):
        problems.append(f"{where}: a user or message command must have an empty description")
    size = command_size(command)
    if size > COMMAND_CHARS_MAX:
        problems.append(f"{where}: {size} characters in all, Discord allows {COMMAND_CHARS_MAX}")
    return problems


def check_commands(commands: Sequence[Mapping[str, Any]], *, scope: str = "global") -> list[str]:
    """A whole sync (``PUT .../commands``): each command, how many of each type, unique names."""
    problems: list[str] = []
    for kind, limit in (
        (CHAT_INPUT, GLOBAL_CHAT_INPUT_MAX),
        (USER, GLOBAL_CONTEXT_MENU_MAX),
        (MESSAGE, GLOBAL_CONTEXT_MENU_MAX),
    ):
        same = [c for c in commands if c.get("type", CHAT_INPUT) == kind]
        if len(same) > limit:
            problems.append(f"{scope}: {len(same)} commands of type {kind}, Discord allows {limit}")
        problems += _unique(scope, same, "commands")
    for command in commands:
        problems += check_command(command)
    return problems


def _embeds(where: str, embeds: Sequence[Mapping[str, Any]]) -> list[str]:
    problems = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{where}: {len(embeds)} embeds, Discord allows {EMBEDS_MAX}")
    total = 0
    for n, embed in enumerate(embeds, 1):
        at = f"{where}, embed {n}"
        parts = [
            ("title", embed.get("title") or "", EMBED_TITLE_MAX),
            ("description", embed.get("description") or "", EMBED_DESCRIPTION_MAX),
            ("footer", (embed.get("footer") or {}).get("text") or "", EMBED_FOOTER_MAX),
            ("author name", (embed.get("author") or {}).get("name") or "", EMBED_AUTHOR_MAX),
        ]
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"{at}: {len(fields)} fields, Discord allows {EMBED_FIELDS_MAX}")
        for k, field in enumerate(fields, 1):
            parts.append((f"field {k} name", field.get("name") or "", EMBED_FIELD_NAME_MAX))
            parts.append((f"field {k} value", field.get("value") or "", EMBED_FIELD_VALUE_MAX))
        for what, text, limit in parts:
            problems += _too_long(at, what, str(text), limit, low=0)
            total += len(str(text))
    if total > EMBEDS_TOTAL_MAX:
        problems.append(f"{where}: embeds of {total} characters in all, Discord allows {EMBEDS_TOTAL_MAX}")
    return problems


def _custom_id(where: str, component: Mapping[str, Any]) -> list[str]:
    if "custom_id" not in component:
        return []
    return _too_long(where, "custom_id", str(component["custom_id"]), CUSTOM_ID_MAX)


def _component(where: str, item: Mapping[str, Any]) -> list[str]:
    kind = item.get("type")
    problems = _custom_id(where, item)
    if kind == BUTTON:
        problems += _too_long(where, "button label", item.get("label") or "", BUTTON_LABEL_MAX, low=0)
        if item.get("style") == LINK_STYLE:
            problems += _too_long(where, "url", item.get("url") or "", URL_MAX)
    elif kind in SELECTS:
        problems += _too_long(
            where, "placeholder", item.get("placeholder") or "", SELECT_PLACEHOLDER_MAX, low=0
        )
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        if not 0 <= low <= SELECT_OPTIONS_MAX or not 1 <= high <= SELECT_OPTIONS_MAX:
            problems.append(f"{where}: min_values {low}, max_values {high}, Discord allows 0-25 and 1-25")
        if kind == STRING_SELECT:
            options = item.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
                problems.append(
                    f"{where}: {len(options)} select options, Discord allows 1-{SELECT_OPTIONS_MAX}"
                )
            if high > len(options):
                problems.append(f"{where}: max_values {high} over its {len(options)} options")
            for option in options:
                at = f"{where}, option {option.get('label')!r}"
                problems += _too_long(at, "option label", option.get("label") or "", SELECT_OPTION_TEXT_MAX)
                problems += _too_long(at, "option value", option.get("value") or "", SELECT_OPTION_TEXT_MAX)
                text = option.get("description") or ""
                problems += _too_long(at, "option description", text, SELECT_OPTION_TEXT_MAX, low=0)
    elif kind == LABEL:  # a modal's labelled field: the label's texts, then the field inside
        problems += _too_long(where, "label", item.get("label") or "", TEXT_INPUT_LABEL_MAX)
        text = item.get("description") or ""
        problems += _too_long(where, "label description", text, LABEL_DESCRIPTION_MAX, low=0)
        inner = item.get("component") or {}
        problems += _component(f"{where}, {inner.get('custom_id')!r}", inner)
    elif kind == TEXT_INPUT:
        if "label" in item:  # inside a label component a text input has none of its own
            problems += _too_long(where, "text input label", item["label"], TEXT_INPUT_LABEL_MAX)
        text = item.get("placeholder") or ""
        problems += _too_long(where, "placeholder", text, TEXT_INPUT_PLACEHOLDER_MAX, low=0)
        problems += _too_long(where, "value", item.get("value") or "", TEXT_INPUT_VALUE_MAX, low=0)
        for key, low in (("min_length", 0), ("max_length", 1)):
            if key in item and not low <= item[key] <= TEXT_INPUT_VALUE_MAX:
                problems.append(f"{where}: {key} {item[key]}, Discord allows {low}-{TEXT_INPUT_VALUE_MAX}")
    return problems


def check_components(
    where: str, rows: Sequence[Mapping[str, Any]], max_rows: int = ACTION_ROWS_MAX
) -> list[str]:
    """Action rows and what they hold: counts, labels, custom ids, select options."""
    problems = []
    if len(rows) > max_rows:
        problems.append(f"{where}: {len(rows)} action rows, Discord allows {max_rows}")
    for r, row in enumerate(rows, 1):
        at = f"{where}, row {r}"
        if row.get("type") != ACTION_ROW:
            problems += _component(at, row)
            continue
        items = row.get("components") or []
        buttons = [c for c in items if c.get("type") == BUTTON]
        if len(buttons) > BUTTONS_PER_ROW_MAX:
            problems.append(f"{at}: {len(buttons)} buttons, Discord allows {BUTTONS_PER_ROW_MAX}")
        if len(items) != len(buttons) and len(items) > 1:
            problems.append(f"{at}: a select or text input must be alone in its row")
        for item in items:
            label = item.get("label") or item.get("placeholder") or item.get("custom_id")
            problems += _component(f"{at}, {label!r}", item)
    return problems


def _size(file: Any) -> int:
    fp = getattr(file, "fp", None)
    if not isinstance(fp, io.IOBase) or not fp.seekable():
        return 0
    here = fp.tell()
    end = fp.seek(0, io.SEEK_END)
    fp.seek(here)
    return end - here


def check_message(where: str, message: Mapping[str, Any], files: Iterable[Any] = ()) -> list[str]:
    """A message's content, embeds, attachments and components (a post, an edit, a response)."""
    problems = _too_long(where, "content", str(message.get("content") or ""), CONTENT_MAX, low=0)
    problems += _embeds(where, message.get("embeds") or [])
    files = list(files)
    attachments = message.get("attachments") or []
    if max(len(files), len(attachments)) > FILES_MAX:
        problems.append(
            f"{where}: {max(len(files), len(attachments))} attachments, Discord allows {FILES_MAX}"
        )
    for file in files:
        size = _size(file)
        if size > UPLOAD_BYTES_MAX:
            problems.append(
                f"{where}: file {file.filename!r} is {size} bytes, Discord allows {UPLOAD_BYTES_MAX}"
            )
    for attachment in attachments:
        text = attachment.get("description") or ""
        at = f"{where}, attachment {attachment.get('filename')!r}"
        problems += _too_long(at, "description", text, ATTACHMENT_DESCRIPTION_MAX, low=0)
    problems += check_components(where, message.get("components") or [])
    return problems


def check_autocomplete(where: str, data: Mapping[str, Any]) -> list[str]:
    choices = data.get("choices") or []
    problems = []
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        problems.append(f"{where}: {len(choices)} choices, Discord allows {AUTOCOMPLETE_CHOICES_MAX}")
    for choice in choices:
        at = f"{where}, choice {choice.get('name')!r}"
        problems += _too_long(at, "choice name", str(choice.get("name", "")), CHOICE_NAME_MAX)
        if isinstance(choice.get("value"), str):
            problems += _too_long(at, "choice value", choice["value"], CHOICE_VALUE_MAX, low=0)
    return problems


def check_modal(where: str, data: Mapping[str, Any]) -> list[str]:
    problems = _too_long(where, "modal title", str(data.get("title", "")), MODAL_TITLE_MAX)
    problems += _custom_id(where, data)
    rows = data.get("components") or []
    if not rows:
        problems.append(f"{where}: a modal without components")
    return problems + check_components(where, rows, MODAL_COMPONENTS_MAX)


INTERACTION_CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
COMMANDS_PATH = re.compile(r"^/applications/\d+(/guilds/(\d+))?/commands(/\d+)?$")
THREADS_PATH = re.compile(r"^/channels/\d+(/messages/\d+)?/threads$")
MESSAGE_PATH = re.compile(r"^/(channels/\d+/messages(/\d+)?|webhooks/\d+/[^/]+(/messages/[^/]+)?)$")
CHANNEL_PATH = re.compile(r"^/(channels/\d+|guilds/\d+/channels)$")
MESSAGE_RESPONSES = (4, 7)
AUTOCOMPLETE_RESPONSE, MODAL_RESPONSE = 8, 9


def check_request(method: str, path: str, body: Any, files: Sequence[Any] = ()) -> list[str]:
    """Whatever a bot sends to one of Discord's routes, checked as that route's payload."""
    where = f"{method} {path}"
    if method in ("PUT", "POST", "PATCH") and (match := COMMANDS_PATH.match(path)):
        scope = f"guild {match.group(2)}" if match.group(2) else "global"
        if isinstance(body, list):
            return check_commands(body, scope=scope)
        return check_command(body) if isinstance(body, Mapping) else []
    if not isinstance(body, Mapping):
        return []
    if INTERACTION_CALLBACK.match(path):
        data = body.get("data") or {}
        kind = body.get("type")
        if kind in MESSAGE_RESPONSES:
            return check_message(where, data, files)
        if kind == AUTOCOMPLETE_RESPONSE:
            return check_autocomplete(where, data)
        if kind == MODAL_RESPONSE:
            return check_modal(where, data)
        return []
    if THREADS_PATH.match(path) or CHANNEL_PATH.match(path):
        problems = []
        if "name" in body:
            problems += _too_long(where, "channel name", str(body["name"]), CHANNEL_NAME_MAX)
        if isinstance(body.get("message"), Mapping):  # a forum post's first message
            problems += check_message(where, body["message"], files)
        return problems
    if MESSAGE_PATH.match(path) and method in ("POST", "PATCH"):
        return check_message(where, body, files)
    return []
