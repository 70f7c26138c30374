"""The menu's forms: a new game's setup and the game to resume, entered with the buttons.

Pure: a form is a value entry (:class:`~companion.rules.base.Entry`) built from the
registry's specs and the snapshot, and what its values become (a command for the table,
or a notice saying why not). Nothing here names a game: a game's spec says how many
players it takes and which setup options it has (``players``, ``setup_fields``).

A new game asks, in turn: how many players (when the game takes more than one count),
each seat's name (from the recent names, then the defaults), who plays first, then the
game's own options. NEXT at any field takes what is shown and the defaults after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.catalogue.refusals import refusal
from companion.games.spec import AnySpec
from companion.i18n import LANGUAGES, text
from companion.journal import GameRecord
from companion.rules.base import Action, Entry, Field, RulesError, Wire
from companion.rules.reading import mapping, whole
from companion.snapshot import Form, Notice
from companion.table import Command, NewGame, Resume

COUNT = "players"  # the count's key (a game's option may depend on it: only_if)
NAME = "name"  # name.<seat>
FIRST = "first"
SHORT_LIST = 8  # recent names offered, before the defaults


def seat_words(seat: int) -> Mapping[str, str]:
    return {language: text("ui.seat", language, seat=seat) for language in LANGUAGES}


def names_offered(spec: AnySpec, recent: Sequence[str], language: str = "en") -> tuple[str, ...]:
    """The names a seat may take: the recent ones (most recent first), then the game's
    example names, then "Player n" in the table's language ("Игрок n"), enough for the
    most players, each once."""
    high = spec.players[1]
    example = spec.example_setup.get("players")
    defaults = list(example) if isinstance(example, list) else []
    offered: list[str] = []
    for name in (*recent[:SHORT_LIST], *defaults):
        if isinstance(name, str) and name and name not in offered:
            offered.append(name)
    number = len(offered) + 1  # the fourth seat is "Player 4", not a second "Player 1"
    while len(offered) < high:
        name = text("ui.player", language, number=number)
        if name not in offered:
            offered.append(name)
        number += 1
    return tuple(offered)


def new_game_fields(spec: AnySpec, names: Sequence[str], players: int) -> tuple[Field, ...]:
    """The fields of a new game of ``spec``: count, names, first, the game's options."""
    low, high = spec.players
    counts = spec.player_counts or tuple(range(low, high + 1))
    fields: list[Field] = []
    counted = low != high
    if counted:
        fields.append(
            Field(COUNT, "choice", "ui.form.players", options=counts, default=players)
            if spec.player_counts
            else Field(COUNT, "int", "ui.form.players", low=low, high=high, default=players)
        )
    for seat in range(1, high + 1):
        seated = tuple(count for count in counts if count >= seat)
        asked = (COUNT, seated) if counted and seat > low else None
        fields.append(
            Field(
                f"{NAME}.{seat}",
                "choice",
                "ui.form.name",
                options=tuple(names),
                default=names[(seat - 1) % len(names)],
                label_fields={"seat": seat},
                only_if=asked,
            )
        )
    for count in counts:  # one "first" per count: its seats are 1..count
        fields.append(
            Field(
                FIRST,
                "choice",
                "ui.form.first",
                options=tuple(range(1, count + 1)),
                names={seat: seat_words(seat) for seat in range(1, count + 1)},
                only_if=(COUNT, (count,)) if counted else None,
            )
        )
    return (*fields, *spec.setup_fields)


def new_game(spec: AnySpec, recent: Sequence[str], language: str) -> Form:
    """The form of a new game of ``spec``."""
    names = names_offered(spec, recent, language)
    low, high = spec.players
    example = spec.example_setup.get("players")
    players = len(example) if isinstance(example, list) else low
    players = max(low, min(high, players))
    title = spec.words("title", language)
    entry = Entry({}, new_game_fields(spec, names, players), "ui.form.new_game", {"game": title})

    def finish(values: Action) -> Command | Notice:
        return setup_of(spec, values, language)

    return Form(entry, finish)


def setup_of(spec: AnySpec, values: Action, language: str = "en") -> NewGame | Notice:
    """The new game the form's values make, or why not (two seats with one name, a setup
    the rules refuse, said in the form's language)."""
    setup: Wire = dict(values)
    count = whole(setup.pop(COUNT, None))
    chosen = mapping(setup.pop(NAME, None))
    seats = spec.players[0] if count is None else count
    players = [chosen.get(str(seat)) for seat in range(1, seats + 1)]
    for seat, name in enumerate(players, 1):
        if name in players[: seat - 1]:
            return Notice("ui.form.same_name", {"name": name, "seat": seat})
    setup["players"] = players
    try:
        spec.rules.start(spec.stamp(dict(setup)))
    except RulesError as error:
        return Notice("hardware.refused", {"reason": refusal(error, language)})
    return NewGame(spec.name, setup)


def list_title(title: str) -> str:
    """A game's title in the list of games to resume: its own name without the family's
    ("Four-path" for "Bestiary: Four-path"; the list holds the family's games side by side,
    and the whole title would push the players onto a third row)."""
    _, colon, own = title.partition(": ")
    return own if colon and own else title


def resume(records: Sequence[GameRecord], titles: Mapping[str, Mapping[str, str]]) -> Form:
    """The form of the game to resume: one of ``records`` (newest first), each said by
    its players and how far it went; ``titles`` names each game in each language. A line
    is two rows at 5 mm on the small panel: the game and its move, then its players."""
    names: dict[str | int, Mapping[str, str]] = {}
    for record in records:
        players = record.setup.get("players")
        who = ", ".join(players) if isinstance(players, list) else "?"
        names[record.id] = {
            language: text(
                "ui.form.resume_line",
                language,
                game=list_title(titles.get(record.game, {}).get(language, record.game)),
                players=who,
                moves=record.head,
            )
            for language in LANGUAGES
        }
    # Drawn as a list, the options bottom to top: the newest on top, where entry starts.
    game = Field(
        "game",
        "choice",
        "ui.form.which_game",
        options=tuple(record.id for record in reversed(records)),
        names=names,
        default=records[0].id if records else None,
    )
    entry = Entry({}, (game,), "ui.form.resume")

    def finish(values: Action) -> Command | Notice:
        game = whole(values.get("game"))  # a record's id, the only options the field has
        if game is None:
            return Notice("hardware.refused", {"reason": "no game chosen"})
        return Resume(game)

    return Form(entry, finish, shown_as="list")
