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
has no template here, so a new message cannot ship untranslated.

``{maybe}`` is the " (did you mean 'x'?)" suffix of :func:`~companion.rules.base.did_you_mean`,
matched on its own shape (it may be empty).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from companion.catalogue import refusals_bestiary, refusals_games

# English template -> Russian template, one module per family of games.
RU: dict[str, str] = {**refusals_bestiary.RU, **refusals_games.RU}


# The fields said in Russian: words of the table (a phase, an effect, what a creature may
# not do), never names, numbers or the keys and values a table types, which stay as given.
SAID = frozenset({"what", "phase", "wanted", "stage", "effect", "kind", "hint", "peace_war", "why"})

# The fields that name a creature, an ability or an object: said in Russian by the game
# that knows the name (its roster, its catalogue), else as entered.
NAMED = frozenset(
    {"creature", "target", "attacker", "user", "said", "ref", "ability", "source", "name"}
)
# Who knows a name in Russian: each game adds its own when it loads (Bestiary's roster).
NAMERS: list[Callable[[str], str | None]] = []

# The fields that hold a list of names or words: only its joins are said ("Anna или Boris").
LISTS = frozenset(
    {"names", "own", "allies", "listed", "missing", "tiles", "replaced", "known", "span"}
)

# Words a field holds that no catalogue of the table has (or has in another sense): what a
# creature may not do (``{what}``, a verb), a stage, a pick, a route. A value the table's
# catalogues hold (a phase, an effect's label) is said as they say it.
DOING: dict[str, str] = {
    "attack": "атаковать",
    "maneuver": "маневрировать",
    "use abilities": "применять умения",
}
WORDS: dict[str, str] = {
    "castle choice": "выбор замка",
    "summoning": "призыв",
    "tempo choice": "выбор темпа",
    "play": "игра",
    "over": "конец игры",
    "draft": "призыв",
    "respawn choice": "выбор замка возрождения",
    "ban": "запрет",
    "summon": "призыв",
    "the ban circle": "круг запретов",
    "the summon circles": "круги призыва",
    "this summon": "этот призыв",
    "this expedition": "эта экспедиция",
    "it respawned there this turn": "оно возродилось там в этот ход",
    "no creature has left its castle in the first player's first period": (
        "в первый период первого игрока ни одно существо не покидало замка"
    ),
    "peace": "мир",
    "war": "война",
    "two players: mode duel": "два игрока: режим duel",
    "four players: mode teams": "четыре игрока: режим teams",
    "1 or 2": "1 или 2",
    "the hero's die": "кубик героя",
    "the enemies' die": "кубик врагов",
    "the defender's die": "кубик защищающегося",
    "the die": "кубик",
    "1 (two hands each is the 2-player variant)": "1 (по две руки — вариант для 2 игроков)",
    # what a missing field is for (require's hint)
    "creature": "существо",
    "the creature attacked": "атакуемое существо",
    "the creature to summon": "призываемое существо",
    "the creature to ban": "запрещаемое существо",
    "which of the two support abilities": "какое из двух умений поддержки",
    "the castle it comes back in": "замок, в котором оно возродится",
    "who acts": "кто действует",
    "who picks": "кто выбирает",
    "the hex's column letter": "буква столбца гекса",
    "which object": "какой предмет",
    "the spell": "заклинание",
    "the follower": "спутник",
    "the hero attacked": "атакуемый герой",
    "the rival": "соперник",
    "the tile": "плитка",
    "the object's name": "название предмета",
    "allied creatures on mountain hexes, it included": (
        "союзные существа на горных гексах, включая его самого"
    ),
}

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


@cache
def templates() -> tuple[Template, ...]:
    """The catalogue compiled, the most specific first (a bare ``{name}: {reason}`` is
    tried only when nothing that fixes more words fits)."""
    made = [compile_template(en, ru) for en, ru in RU.items()]
    return tuple(sorted(made, key=lambda t: -t.fixed))


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
    """A creature or an ability: by the game that knows it (Bestiary's roster), else as a
    catalogue of the table names it (Tetranomicon's Caballus), else as entered."""
    for namer in NAMERS:
        said = namer(value)
        if said is not None:
            return said
    return _catalogued().get(value) or value


def _named(field: str, value: str) -> str | None:
    """A phase or a stage (``{phase}``, ``{wanted}``, ``{stage}``, its key with spaces) as
    a game's catalogue names it (``bestiary.phase.siege``, ``bestiary.ui.stage.summoning``),
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
    "RU",
    "WORDS",
    "Template",
    "fields",
    "placed",
    "refusal",
    "skeleton",
    "translated",
    "word",
]
