"""Why the rules refused, in the table's language: a Russian template per English message.

The rules raise :class:`~companion.rules.base.IllegalAction` and
:class:`~companion.rules.base.SetupError` with an English sentence (some 250 raise
sites, most of them f-strings), and the shell shows it after "Not allowed:". Rather than
give every raise site a key, this catalogue holds each message's English template, its
fields named in braces, and the Russian one: :func:`refusal` matches the message against
the templates (most specific first), carries the fields over and says the Russian. A field
whose value is itself a message (``{reason}``, ``{reason2}``...) is said the same way, and
the template only fits when that inner message does; a field holding a word the table has
in its catalogues (a phase, an effect, a stage) is said as the catalogue says it; a
creature or an ability the roster knows, an object a game's catalogue names, by its Russian
name; a player's name, a card's own name, a key or a value typed stay as they were given.
A message no template fits is shown in English, as before:
``tests/test_refusals_ru.py`` reads every raise site of ``companion/`` and fails when one
has no template, so a new message cannot ship untranslated.

The shell's own messages (the rules' common checks, the table, the card library) have their
templates here; each game's are in its folder (``companion/games/<game>/refusals.py``), with
the words its messages' fields hold, and join the catalogue when its spec is made
(:class:`Refusals`, :func:`learn`): this module names no game.

``{maybe}`` is the " (did you mean 'x'?)" suffix of :func:`~companion.rules.base.did_you_mean`,
matched on its own shape (it may be empty).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

# The shell's own messages, English template -> Russian template, grouped by the module
# that raises them.
OWN: dict[str, str] = {
    # companion/games/__init__.py
    "unknown game '{name}'{maybe}; known: {known}": "нет игры «{name}»{maybe}; есть: {known}",
    # companion/library.py: a card library's problems (after the file's place:
    # "cards-<game>.yaml:1: ...", or the card's: "cards.yaml:12: ...")
    "key given twice": "ключ указан дважды",
    "the game {game} keeps no cards": "игра {game} не хранит карт",
    "a library is a mapping with cards: a list of cards": (
        "библиотека — словарь с cards: списком карт"
    ),
    "cannot read: {error}": "не читается: {error}",
    "cannot write: {error}": "не записывается: {error}",
    # companion/games/spec.py
    "seat {seat} cannot act for seat {named}": "место {seat} не может действовать за место {named}",
    "it is seat {seat}'s to decide now, not seat {other}'s": (
        "сейчас решает место {seat}, а не место {other}"
    ),
    # companion/rules/base.py
    "'{key}' must be a list, not {value}": "«{key}» — это список, а не {value}",
    "'{key}' must be one of {options}, not {value}{maybe}": (
        "«{key}» — одно из {options}, а не {value}{maybe}"
    ),
    "an action is a mapping with a 'do' key": "действие — это словарь с ключом 'do'",
    "unknown action '{kind}'{maybe}": "неизвестное действие «{kind}»{maybe}",
    "missing field '{key}'{what}": "не указано поле «{key}»{what}",
    "'{key}' must be a name or a number{hint}, not {value}": (
        "«{key}» — имя или число{hint}, а не {value}"
    ),
    "'{key}' must be a whole number, not {value}": "«{key}» — целое число, а не {value}",
    "'{key}' must be at least {low}, not {value}": "«{key}» — не меньше {low}, а не {value}",
    "'{key}' must be at most {high}, not {value}": "«{key}» — не больше {high}, а не {value}",
    "setup.players: a list of player names, e.g. [Anna, Boris]": (
        "setup.players: список имён игроков, например [Anna, Boris]"
    ),
    "setup.players: this game takes {span} players, not {count}": (
        "setup.players: игроков в этой игре: {span}, а не {count}"
    ),
    "setup.players: two players have the same name": "setup.players: у двух игроков одно имя",
    "setup.first: the seat that plays first, 1 to {count} or a player's name, not {first}": (
        "setup.first: место, которое ходит первым, от 1 до {count}, или имя игрока, а не {first}"
    ),
    "{player} (seat {seat}) cannot act for {other} (seat {named})": (
        "{player} (место {seat}) не может действовать за игрока {other} (место {named})"
    ),
    "it is {player}'s to decide now (seat {seat}), not {other}'s": (
        "сейчас решает {player} (место {seat}), а не {other}"
    ),
    "no player named '{seat}'{maybe}": "нет игрока по имени «{seat}»{maybe}",
    # companion/table.py
    "this game was ended: start a new one from the menu": (
        "эта игра окончена: начните новую из меню"
    ),
    "nothing to undo": "отменять нечего",
    "nothing to redo": "возвращать нечего",
    "game {game} is over: it cannot be resumed": "игра {game} окончена: продолжить её нельзя",
    "this is the game on the table": "эта игра уже на столе",
    "this game is already over": "эта игра уже окончена",
    "no game {game} in this journal": "в этом журнале нет игры {game}",
    # companion/loop.py: a phone's action the table no longer takes
    "the table has moved on": "стол уже ушёл дальше",
    "it is not this seat's to decide now": "сейчас решает не это место",
    # messages more than one game raises in the same words
    "the game is over: {winner} won": "игра окончена: победа — {winner}",
    "not now: the phase is {phase}, not {wanted}": ("не сейчас: сейчас {phase}, а не {wanted}"),
    "no seat {seat}: seats are 1 to {count}": "нет места {seat}: места от 1 до {count}",
    "setup.{key}: true or false, not {value}": "setup.{key}: true или false, а не {value}",
    "setup.edition: {listed}, not {value}": "setup.edition: {listed}, а не {value}",
}


@dataclass(frozen=True)
class Refusals:
    """A game's refusals in Russian, given in its spec (``GameSpec.refusals``).

    ``templates``: each message its rules raise, as an English template with its fields
    named in braces, and the Russian one. ``words``: what its messages' fields hold that no
    catalogue of the table has (or has in another sense): a stage, what a missing field is
    for, a route; English -> Russian. ``doing``: what one of its pieces may not do, said
    as a verb (the ``{what}`` of "cannot {what}")."""

    templates: Mapping[str, str] = field(default_factory=dict)
    words: Mapping[str, str] = field(default_factory=dict)
    doing: Mapping[str, str] = field(default_factory=dict)


# Every template the table knows: the shell's, then each game's as its spec is made.
RU: dict[str, str] = dict(OWN)
# The games' words of their fields, and what their pieces may not do (:class:`Refusals`).
WORDS: dict[str, str] = {}
DOING: dict[str, str] = {}


def learn(refusals: Refusals) -> None:
    """A game's refusals join the table's (its spec hands them over when it is made; made
    again, as by ``dataclasses.replace``, it changes nothing)."""
    changed = False
    for known, given in (
        (RU, refusals.templates),
        (WORDS, refusals.words),
        (DOING, refusals.doing),
    ):
        new = {key: value for key, value in given.items() if known.get(key) != value}
        known.update(new)
        changed = changed or bool(new)
    if changed:  # the compiled templates and the messages said with them are stale
        templates.cache_clear()
        translated.cache_clear()


# The fields said in Russian: words of the table (a phase, an effect, what a creature may
# not do), never names, numbers or the keys and values a table types, which stay as given.
SAID = frozenset({"what", "phase", "wanted", "stage", "effect", "kind", "hint", "peace_war", "why"})

# The fields that name a creature, an ability or an object: said in Russian by the game
# that knows the name (its roster, its catalogue), else as entered.
NAMED = frozenset(
    {"creature", "target", "attacker", "user", "said", "ref", "ability", "source", "name"}
)
# Who knows a name in Russian: each game adds its own when it loads (a roster's).
NAMERS: list[Callable[[str], str | None]] = []

# The fields that hold a list of names or words: only its joins are said ("Anna или Boris").
LISTS = frozenset(
    {"names", "own", "allies", "listed", "missing", "tiles", "replaced", "known", "span"}
)

# The joins of a list in a field ("Anna and Boris", "castle_1 or castle_2", "2 to 4").
JOINS = {", ": ", ", " or ": " или ", " and ": " и ", " to ": "–"}

# did_you_mean's suffix, its own shape (empty when nothing was close).
MAYBE = r"(?: \(did you mean '[^']*'\?\))?"
MAYBE_WORD = re.compile(r" \(did you mean '([^']*)'\?\)")


@dataclass(frozen=True)
class Template:
    """One English message's pattern and the Russian it becomes."""

    english: str
    russian: str
    pattern: re.Pattern[str]
    fixed: int  # how many characters it fixes: the more, the sooner it is tried


def fields(template: str) -> list[str]:
    """The field names of a template, in order (repeats included)."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def skeleton(template: str) -> str:
    """The template with every field as ``{}``: how a raise site's f-string and a
    catalogue key are compared (the tests), whatever the fields are called."""
    return "".join(
        literal.replace("{", "{{").replace("}", "}}") + ("{}" if name is not None else "")
        for literal, name, _, _ in string.Formatter().parse(template)
    )


def compile_template(english: str, russian: str) -> Template:
    parts: list[str] = []
    seen: set[str] = set()
    fixed = 0
    for literal, name, _, _ in string.Formatter().parse(english):
        parts.append(re.escape(literal))
        fixed += len(literal)
        if name is None:
            continue
        if name in seen:  # the same value said twice
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>{MAYBE if name == 'maybe' else '.*?'})")
    pattern = re.compile("".join(parts) + r"\Z", re.DOTALL)
    return Template(english, russian, pattern, fixed)


def compiled(catalogue: Mapping[str, str]) -> tuple[Template, ...]:
    """A catalogue of English templates and their Russian, compiled once, the most specific
    first (a bare ``{name}: {reason}`` is tried only when nothing that fixes more words
    fits): the refusals' and each command's own."""
    return _compiled(tuple(catalogue.items()))


@lru_cache(maxsize=32)
def _compiled(pairs: tuple[tuple[str, str], ...]) -> tuple[Template, ...]:
    made = [compile_template(en, ru) for en, ru in pairs]
    return tuple(sorted(made, key=lambda t: -t.fixed))


@cache
def templates() -> tuple[Template, ...]:
    """The refusals' catalogue compiled (:func:`compiled`)."""
    return compiled(RU)


def refusal(error: BaseException | str, language: str) -> str:
    """Why the rules refused, in ``language``: the message's Russian template with its
    fields carried over, or the English message when no template fits it."""
    message = str(error)
    if language != "ru":
        return message
    said = translated(message)
    return message if said is None else said


def placed(line: str, language: str) -> str:
    """A problem said after its place (``cards.yaml:12: cards[0].vitality: why``, a file's
    name, a key path): the place as it is, the reason in ``language`` (the first reason a
    template fits, read from the left); the line as it is when none fits."""
    if language != "ru":
        return line
    said = translated(line)
    if said is not None:
        return said
    start = line.find(": ")
    while start >= 0:
        said = translated(line[start + 2 :])
        if said is not None:
            return line[: start + 2] + said
        start = line.find(": ", start + 2)
    return line


@lru_cache(maxsize=1024)
def translated(message: str) -> str | None:
    """The Russian of a whole message, or None when no template fits it (kept: a refusal
    shown is said again at every frame's notice)."""
    found = _best(message, 0)
    return None if found is None else found[1]


def _best(message: str, depth: int) -> tuple[int, str] | None:
    """Of the templates that fit ``message``, the one that fixes the most of it (its
    inner messages' templates counted: ``{reason} (mode {mode}; {hint})`` around a known
    message beats a template whose last field would swallow the parenthesis), said in
    Russian with its fixed-character count; None when none fits."""
    if depth > 3 or not message:
        return None
    best: tuple[int, str] | None = None
    for template in templates():
        if best is not None and template.fixed + len(message) <= best[0]:
            break  # sorted: no later template, even with inner messages, can fix more
        found = template.pattern.match(message)
        if found is None:
            continue
        score, values = template.fixed, {}
        for name, value in found.groupdict().items():
            if name.startswith("reason"):  # a message inside: it must be said too
                inner = _best(value, depth + 1)
                if inner is None:
                    break
                score += inner[0]
                values[name] = inner[1]
            elif name == "maybe":
                values[name] = MAYBE_WORD.sub(r" (может быть, «\1»?)", value)
            elif name in NAMED:
                values[name] = _name(value)
            elif name in SAID or name in LISTS:
                values[name] = word(value, DOING if name == "what" else {}, name)
            else:
                values[name] = value
        else:
            if best is None or score > best[0]:
                best = (score, template.russian.format(**values))
    return best


def word(value: str, own: Mapping[str, str] | None = None, field: str = "") -> str:
    """A field's value in Russian where the table has words for it (``own``'s first, then
    the game's name of a phase or a stage, a word of the catalogues, a message, each piece
    of a list); else as it is."""
    core = value.strip(" :()")
    if not core:
        return value
    start = value.index(core)
    before, after = value[:start], value[start + len(core) :]
    said = (own or {}).get(core) or _named(field, core) or _one(core) or translated(core)
    article = re.match(r"(?:a|an|the) ", core)
    if said is None and article is not None:  # "a farm": the word alone
        said = _one(core[article.end() :])
    if said is None:
        pieces = re.split(r"(, | or | and | to )", core)
        if len(pieces) > 1:
            said = "".join(JOINS.get(p) or _one(p) or p for p in pieces)
    if said is None:
        return value
    if core[:1].islower() and said[1:2].islower():  # a catalogue's "Умение" mid-sentence
        said = said[:1].lower() + said[1:]
    return before + said + after


def _name(value: str) -> str:
    """A creature or an ability: by the game that knows it (its roster), else as a
    catalogue of the table names it (a game's object), else as entered."""
    for namer in NAMERS:
        said = namer(value)
        if said is not None:
            return said
    return _catalogued().get(value) or value


def _named(field: str, value: str) -> str | None:
    """A phase or a stage (``{phase}``, ``{wanted}``, ``{stage}``, its key with spaces) as
    a game's catalogue names it (``<game>.phase.<phase>``, ``<game>.ui.stage.<stage>``),
    in lower case as it stands in a sentence."""
    kind = {"phase": "phase", "wanted": "phase", "stage": "stage"}.get(field)
    if kind is None:
        return None
    from companion.i18n import EN, RU  # noqa: PLC0415 (i18n's games load after this module)

    ending = f"{kind}.{value.replace(' ', '_')}"
    for key in EN:
        if (key == ending or key.endswith(f".{ending}")) and RU.get(key):
            said = RU[key]
            return said[0].lower() + said[1:] if said[1:2].islower() else said
    return None


def _one(value: str) -> str | None:
    if value in WORDS:
        return WORDS[value]
    return _catalogued().get(value) or _catalogued().get(value.casefold())


_CATALOGUED: dict[int, dict[str, str]] = {}


def _catalogued() -> dict[str, str]:
    """The table's own words, English to Russian: every catalogue entry without fields
    (a phase, an effect, a castle...), as the catalogues stand now (a game's words join
    them when it is loaded, so the map is rebuilt when their size changes)."""
    from companion.i18n import EN, RU  # noqa: PLC0415 (i18n's games load after this module)

    kept = _CATALOGUED.get(len(EN) + len(RU))
    if kept is not None:
        return kept
    made: dict[str, str] = {}
    for key, english in EN.items():
        russian = RU.get(key)
        if not russian or "{" in english or english in made:
            continue
        made[english] = russian
        made.setdefault(english.casefold(), russian)
    _CATALOGUED.clear()
    _CATALOGUED[len(EN) + len(RU)] = made
    return made


__all__ = [
    "OWN",
    "RU",
    "WORDS",
    "Refusals",
    "Template",
    "fields",
    "learn",
    "placed",
    "refusal",
    "skeleton",
    "translated",
    "word",
]
