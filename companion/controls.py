"""Controls: a gesture and the current snapshot in, a new UI state and commands out.

Pure: nothing here touches the table, a pin or the screen. The app's loop executes the
commands and builds the next snapshot.

Seat buttons (red, blue, cyan, yellow) move through and choose from the prompt's choices:
up, down, select, back; when the prompt is the game's secret choice (its spec's
``inputs.secret``, the Manus vote) the four colours make that choice instead. NEXT takes
the prompt's end-of-phase choice (or turns the period when no sensor reads the disc); UNDO
undoes on a press and redoes on a hold; MENU held opens the menu. A press that does not
fit gives a "no" and changes nothing.

Gestures go to the top of a mode stack (navigate or vote at the bottom, then the menu or a
question waiting for yes or no), which returns the commands, so a mode consumes its input.

The disc: a forward step starts the next period when the rules expect it, else it is
reported and not applied; a backward step asks before undoing a period. Steps are netted
against where the disc stood when the rules last agreed with it, so chatter across a
sector boundary (+1 -1 +1) never counts twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from companion import forms, game_log, games, narration
from companion.games.spec import Cards, SecretChoice
from companion.i18n import text
from companion.input_timing import HOLD, PRESS, Gesture
from companion.rules.base import JSON
from companion.snapshot import Form, Notice, Snapshot, UiState
from companion.table import Apply, Change, Command, NewGame, Redo, Undo

NAVIGATION = {"red": "up", "blue": "down", "cyan": "select", "yellow": "back"}
LANGUAGES = ("en", "ru")


@dataclass(frozen=True)
class Reaction:
    """What a gesture asks for: the UI state after it, commands for the table, a sound."""

    ui: UiState
    commands: tuple[Command, ...] = ()
    cue: str | None = None
    cards: Cards | None = None  # the table's card library after an edit (the app keeps it)


def refuse(ui: UiState, key: str, now: float, **fields: object) -> Reaction:
    """A "no": the reason on the screen, the refusal sound, nothing changed."""
    return Reaction(ui.say(key, now, refused=True, **fields), cue="no")


# --- the one menu ------------------------------------------------------------------------


@dataclass(frozen=True)
class MenuItem:
    """One line of the menu: its words (a catalogue key and fields) and what it does."""

    key: str
    act: Callable[[UiState, Snapshot, float], Reaction]
    game: str | None = None  # the game this line starts, said by its title

    def label(self, ui: UiState) -> str:
        if self.key == "ui.menu.sound":
            return text("ui.menu.sound_off" if ui.muted else "ui.menu.sound_on", ui.language)
        if self.key == "ui.menu.brightness":
            percent = round(min(ui.brightness, ui.max_brightness) * 100)
            return text(self.key, ui.language, percent=percent)
        if self.game is not None:
            title = games.find(self.game).words("title", ui.language)
            return text(self.key, ui.language, game=title)
        return text(self.key, ui.language)


def _close(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(ui)


def _rematch(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(ui, (NewGame(),))


def _play(game: str) -> Callable[[UiState, Snapshot, float], Reaction]:
    """A new game of ``game``: its form (players, names, options) opens over the menu."""

    def act(ui: UiState, snap: Snapshot, now: float) -> Reaction:
        return _open_form(ui, forms.new_game(games.find(game), ui.names, ui.language))

    return act


def _language(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    following = LANGUAGES[(LANGUAGES.index(ui.language) + 1) % len(LANGUAGES)]
    return Reaction(replace(ui, language=following))


def _sound(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    return Reaction(replace(ui, muted=not ui.muted))


def menu_items(phones: bool = False) -> tuple[MenuItem, ...]:
    """The menu the box shows (and the gallery draws): one list, built from the registry;
    "Phones" only while the web server is on (``phones``: the snapshot has its ``web``)."""
    return (
        MenuItem("ui.menu.close", _close),
        *((MenuItem("ui.menu.phones", _open_phones),) if phones else ()),
        MenuItem("ui.menu.rematch", _rematch),
        *(MenuItem("ui.menu.play", _play(name), game=name) for name in games.GAMES),
        MenuItem("ui.menu.resume", _resume),
        MenuItem("ui.menu.restart_period", _ask_restart_period),
        MenuItem("ui.menu.language", _language),
        MenuItem("ui.menu.sound", _sound),
        MenuItem("ui.menu.brightness", _brightness),
        MenuItem("ui.menu.cards", _open_cards),
        MenuItem("ui.menu.log", _open_log),
    )


# --- the controls ------------------------------------------------------------------------


def react(gesture: Gesture, snap: Snapshot, now: float) -> Reaction:
    """The reaction to one button gesture."""
    ui = snap.ui
    seat_text, _, colour = gesture.button.partition(".")
    if seat_text.startswith("seat") and seat_text[4:].isdigit() and colour in NAVIGATION:
        if gesture.kind != PRESS:
            return Reaction(ui)
        return _seat_button(int(seat_text[4:]), colour, snap, now)
    if gesture.button == "next":
        return _next(gesture.kind, snap, now) if gesture.kind == PRESS else Reaction(ui)
    if gesture.button == "undo":
        return _undo(gesture.kind, snap, now)
    if gesture.button == "menu":
        return _menu_button(gesture.kind, snap, now)
    return refuse(ui, "hardware.no_button", now, button=gesture.button)


def disc_step(direction: int, snap: Snapshot, now: float) -> Reaction:
    """The reaction to one step of the time disc (+1 forward, -1 back)."""
    ui = replace(snap.ui, disc_position=snap.ui.disc_position + direction)
    period = snap.period
    action = period_choice(snap)
    if period is None or snap.spec.inputs.period_action is None:
        return refuse(ui, "hardware.no_disc_in_game", now)
    shown = ui.disc_position - ui.disc_offset
    if direction > 0:
        if ui.confirming and shown >= period:
            return Reaction(ui.pop().quiet())  # the disc came back: chatter, not a request
        if shown <= period:
            return Reaction(_disc_back(ui, shown, period))
        if action is None:
            return refuse(ui, "hardware.disc_early", now)
        return Reaction(ui, (Apply(action),))
    if shown < period and period > 0 and not ui.confirming:
        ui = ui.push("confirm_undo_period").say("hardware.confirm_undo_period", now, period=period)
        return Reaction(ui)
    return Reaction(_disc_back(ui, shown, period))


def _disc_back(ui: UiState, shown: int, period: int) -> UiState:
    """The "turn it back" notice is no longer true once the disc shows the period: it clears."""
    early = ui.notice is not None and ui.notice.key == "hardware.disc_early"
    return ui.quiet() if early and shown == period else ui


def after_change(ui: UiState, change: Change, snap: Snapshot, before: Snapshot) -> UiState:
    """The table changed: the old cursor and question no longer apply; after a period
    turned (or was undone), or another game began, the disc's present position shows the
    present period. Other changes leave it: a disc turned early stays a sector ahead, and
    NEXT then catches the rules up with it."""
    ui = replace(ui, cursor=0, modes=tuple(m for m in ui.modes if m == "menu"))
    if change.kind == "none":
        return ui
    if snap.period != before.period or change.kind in ("new_game", "resume"):
        return sync_disc(ui, snap)
    return ui


def sync_disc(ui: UiState, snap: Snapshot) -> UiState:
    """Take the disc's present position as showing the present period."""
    return replace(ui, disc_offset=ui.disc_position - (snap.period or 0))


def period_choice(snap: Snapshot) -> JSON | None:
    """The prompt's choice that starts the next period, if it is offered now."""
    return _choice(snap, snap.spec.inputs.period_action)


def _choice(snap: Snapshot, do: str | None) -> JSON | None:
    if do is None:
        return None
    return next((c for c in snap.prompt.choices if c.get("do") == do), None)


# --- the modes ---------------------------------------------------------------------------


def _seat_button(seat: int, colour: str, snap: Snapshot, now: float) -> Reaction:
    ui = snap.ui
    move = NAVIGATION[colour]
    if ui.menu_open:
        return _in_menu(move, snap, now)
    if ui.mode == "form":  # any seat fills in the menu's form
        return _in_entry(move, snap, now)
    if ui.mode == "log":
        return _in_log(move, snap)
    if ui.mode == "phones":
        return _in_phones(move, snap)
    if ui.confirming:
        if move == "select":
            return _confirm_undo_period(snap, now)
        if move == "back":
            return Reaction(ui.pop().quiet())
        return refuse(ui, "hardware.answer_first", now)
    if "cards" in ui.modes:
        return _in_cards(move, snap, now)
    secret = snap.spec.inputs.secret
    if secret and any(c.get("do") == secret.action for c in snap.prompt.choices):
        return _secret_choice(seat, colour, snap, now)
    prompt = snap.prompt
    count = len(prompt.choices) + len(prompt.entries)
    if prompt.seat is None or not count:
        return refuse(ui, "hardware.not_now", now)
    # A seat without buttons of its own (a fourth player at a two-panel box) is played by
    # any seat's buttons.
    if seat != prompt.seat and prompt.seat not in snap.hardware.unpadded(prompt.seat):
        player = narration.player(snap.view, prompt.seat, ui.language)
        return refuse(ui, "hardware.not_your_turn", now, player=player)
    if ui.entering:
        return _in_entry(move, snap, now)
    if move == "up":
        return Reaction(replace(ui, cursor=(ui.cursor - 1) % count).quiet())
    if move == "down":
        return Reaction(replace(ui, cursor=(ui.cursor + 1) % count).quiet())
    if move == "select":
        index = ui.cursor % count
        if index < len(prompt.choices):
            # As the prompted seat: itself, or the seat without buttons it plays for.
            return Reaction(ui, (Apply(prompt.choices[index], prompt.seat),))
        entry = index - len(prompt.choices)
        first = prompt.entries[entry].fields[0].start
        return Reaction(replace(ui.push("entry"), entry=entry, entered=(), value=first).quiet())
    if ui.cursor != 0:
        return Reaction(replace(ui, cursor=0).quiet())
    return refuse(ui, "hardware.not_now", now)


def _in_entry(move: str, snap: Snapshot, now: float) -> Reaction:
    """Value entry, one field at a time: up and down change the value, select confirms it
    (the last one plays the action), back returns to the previous field (or leaves)."""
    ui = snap.ui
    entry = snap.entry_under_way
    if entry is None:
        return Reaction(ui.pop())
    current = entry.fields[len(ui.entered)]
    if move in ("up", "down"):
        return Reaction(replace(ui, value=current.step(ui.value, 1 if move == "up" else -1)))
    if move == "back":
        erased = current.erase(ui.value) if current.kind == "text" else None
        if erased is not None:  # a name: back erases its last letter
            return Reaction(replace(ui, value=erased).quiet())
        if not ui.entered:
            return Reaction(ui.pop().quiet())
        done = entry.back(ui.entered)
        again = entry.fields[len(done)].reopen(ui.entered[len(done)])
        return Reaction(replace(ui, entered=done, value=again))
    if current.kind == "text":  # a name: select takes a letter, or ends the name at END
        typed = current.type_letter(ui.value)
        if typed is not None:
            return Reaction(replace(ui, value=typed).quiet())
        if len(str(current.result(ui.value))) < current.low:
            return refuse(ui, "ui.entry.name_empty", now)
    entered, following = entry.confirm(ui.entered, current.result(ui.value))
    if following is None:
        return _entered(entry.action(entered), snap, now)
    return Reaction(replace(ui, entered=entered, value=entry.fields[following].start))


def _entered(action: JSON, snap: Snapshot, now: float) -> Reaction:
    """Every field entered: the prompt's action is played, or the card edited is kept."""
    if "cards" in snap.ui.modes:
        return _keep_card(action, snap, now)
    if snap.ui.mode == "form":
        return _finish_form(action, snap, now)
    return Reaction(snap.ui, (Apply(action, snap.prompt.seat),))


def _secret_choice(seat: int, colour: str, snap: Snapshot, now: float) -> Reaction:
    """The first of the seat's voters still to choose makes the colour's choice. What the
    press answers is the same whatever the colour: secrecy."""
    secret = snap.spec.inputs.secret
    assert secret is not None
    value = secret.values.get(colour)
    voters = secret_voters(snap, seat)
    for voter in voters:  # the first of them the prompt takes this choice from
        for choice in snap.prompt.choices:
            if (
                choice.get("do") == secret.action
                and choice.get(secret.voter_field) == voter
                and choice.get(secret.field) == value
            ):
                return Reaction(snap.ui, (Apply(dict(choice), seat),))
    return refuse(snap.ui, "hardware.vote_not_yours", now)


def secret_voters(snap: Snapshot, seat: int) -> list[int]:
    """Who a press of the seat's colours chooses for, first the one it chooses for now:
    the seat's voters still to choose, else (until the reveal) those who may change."""
    secret = snap.spec.inputs.secret
    if secret is None:
        return []
    voters = secret.voters(snap.view, seat)
    if not voters and secret.changers is not None:
        voters = _in_turn(secret.changers(snap.view, seat), secret, snap.history)
    return voters


def _in_turn(hands: list[int], secret: SecretChoice, history: Sequence[JSON]) -> list[int]:
    """The hands that may change their choice, the one a press changes first: they take
    turns, counted by the choices these hands made since the choosing began (who chose,
    never what)."""
    if not hands:
        return []
    made = 0
    for action in reversed(history):
        if action.get("do") != secret.action:
            break
        made += action.get(secret.voter_field) in hands
    start = made % len(hands)
    return hands[start:] + hands[:start]


def _next(kind: str, snap: Snapshot, now: float) -> Reaction:
    ui = snap.ui
    if ui.confirming:
        return _confirm_undo_period(snap, now)
    entry = snap.entry_under_way
    if entry is not None:  # accept the value shown and the defaults of the fields after it
        shown = entry.fields[len(ui.entered)].result(ui.value)
        return _entered(entry.action((*ui.entered, shown)), snap, now)
    if ui.menu_open or ui.mode in ("cards", "log", "phones"):
        return refuse(ui, "hardware.menu_is_open", now)
    for do in snap.spec.inputs.next_actions:
        choice = _choice(snap, do)
        if choice is not None:
            return Reaction(ui, (Apply(choice),))
    action = period_choice(snap)
    if action is not None:
        disc_ahead = ui.disc_position - ui.disc_offset > (snap.period or 0)
        if snap.hardware.sensor_present and not disc_ahead:
            return refuse(ui, "hardware.turn_the_disc", now)
        return Reaction(ui, (Apply(action),))
    return refuse(ui, "hardware.not_now", now)


def _undo(kind: str, snap: Snapshot, now: float) -> Reaction:
    ui = snap.ui.quiet()
    if (ui.entering or ui.mode in ("cards", "form", "log", "phones")) and kind == PRESS:  # leaves
        return Reaction(ui.pop())
    if ui.confirming:
        ui = ui.pop()
    if kind == HOLD:
        if not snap.view.get("table", {}).get("can_redo"):
            return refuse(ui, "hardware.nothing_to_redo", now)
        return Reaction(ui, (Redo(),))
    if kind == PRESS:
        if not snap.history:
            return refuse(ui, "hardware.nothing_to_undo", now)
        return Reaction(ui, (Undo(),))
    return Reaction(ui)


def _confirm_undo_period(snap: Snapshot, now: float) -> Reaction:
    """Yes to the question: undo the actions back to before the last period turned."""
    if snap.ui.mode == "confirm_restart_period":  # asked from the menu
        return _restart_period(snap, now)
    ui = snap.ui.pop().quiet()
    turn = snap.spec.inputs.period_action
    turns = [i for i, action in enumerate(snap.history) if action.get("do") == turn]
    if not turns:
        return refuse(ui, "hardware.nothing_to_undo", now)
    return Reaction(ui, (Undo(to_head=turns[-1]),))


def _menu_button(kind: str, snap: Snapshot, now: float) -> Reaction:
    ui = snap.ui
    if kind == HOLD:
        base = tuple(m for m in ui.modes if m != "menu")
        return Reaction(replace(ui, modes=(*base, "menu"), menu_cursor=0).quiet())
    if kind == PRESS and (ui.menu_open or ui.mode in ("log", "phones")):
        return Reaction(ui.pop())
    return refuse(ui, "hardware.hold_menu", now)


def _in_menu(move: str, snap: Snapshot, now: float) -> Reaction:
    ui = snap.ui
    items = menu_items(phones=snap.web is not None)
    if move in ("up", "down"):
        step = -1 if move == "up" else 1
        return Reaction(replace(ui, menu_cursor=(ui.menu_cursor + step) % len(items)))
    if move == "back":
        return Reaction(ui.pop())
    item = items[ui.menu_cursor % len(items)]
    return item.act(ui.pop(), snap, now)


# --- the game log ("Game log" in the menu) -------------------------------------------------


def _open_log(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Every sentence of the game so far, the newest under the cursor."""
    newest = max(0, len(game_log.lines(snap)) - 1)
    return Reaction(replace(ui.push("log"), log_line=newest).quiet())


def _in_log(move: str, snap: Snapshot) -> Reaction:
    """Any seat's up and down scroll (up: older), select or back close the log."""
    ui = snap.ui
    if move in ("up", "down"):
        last = max(0, len(game_log.lines(snap)) - 1)
        line = min(last, max(0, ui.log_line + (-1 if move == "up" else 1)))
        return Reaction(replace(ui, log_line=line).quiet())
    return Reaction(ui.pop().quiet())


# --- joining from phones ("Phones" in the menu) -------------------------------------------


PHONE_PAGES_AFTER_SEATS = 2  # the spectator page's code, then the table's page's


def phone_pages(snap: Snapshot) -> int:
    """The pages of MENU, Phones: one per seat of the game (its code), then the spectator
    page's code, then the table's page's (the card library, a new game: the table token)."""
    if snap.web is None:
        return 0
    return min(len(snap.web.seats), _seats_of(snap)) + PHONE_PAGES_AFTER_SEATS


def _seats_of(snap: Snapshot) -> int:
    players = snap.setup.get("players")
    if isinstance(players, list):
        return len(players)
    return len(snap.view.get("seats") or []) or len(snap.web.seats if snap.web else ())


def _open_phones(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Each seat's code to scan, a page at a time, from the first seat's."""
    if snap.web is None:
        return refuse(ui, "ui.phones.off", now)
    return Reaction(replace(ui.push("phones"), phone_page=0).quiet())


def _in_phones(move: str, snap: Snapshot) -> Reaction:
    """Any seat's red and blue turn the pages (round), cyan and yellow close them."""
    ui = snap.ui
    pages = phone_pages(snap)
    if move in ("up", "down") and pages:
        step = -1 if move == "up" else 1
        return Reaction(replace(ui, phone_page=(ui.phone_page + step) % pages).quiet())
    return Reaction(ui.pop().quiet())


# --- the card library ("Cards" in the menu) ------------------------------------------------


def _open_cards(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The table's card library: browse with up and down, select edits a card."""
    if snap.spec.cards is None or not snap.cards:
        title = snap.spec.words("title", ui.language)
        return refuse(ui, "ui.cards.none", now, game=title)
    base = tuple(m for m in ui.modes if m not in ("cards", "entry"))
    return Reaction(replace(ui, modes=(*base, "cards"), card=0).quiet())


def _in_cards(move: str, snap: Snapshot, now: float) -> Reaction:
    """Any seat's buttons browse the library: up and down move through the cards, select
    edits the one shown (field by field, as value entry), back closes the view."""
    ui = snap.ui
    if ui.entering:
        return _in_entry(move, snap, now)
    count = len(snap.cards)
    if move == "back" or not count:
        return Reaction(ui.pop().quiet())
    if move in ("up", "down"):
        step = -1 if move == "up" else 1
        return Reaction(replace(ui, card=(ui.card + step) % count).quiet())
    editing = replace(ui.push("entry"), entered=())
    entry = snap.with_ui(editing, now).entry_under_way
    if entry is None:
        return refuse(ui, "ui.cards.none", now, game=snap.spec.words("title", ui.language))
    return Reaction(replace(editing, value=entry.fields[0].start).quiet())


def _keep_card(card: JSON, snap: Snapshot, now: float) -> Reaction:
    """The card edited replaces the one shown, when the library stays valid; the app
    writes the file."""
    kit = snap.spec.cards
    ui = snap.ui
    if kit is None or not snap.cards:
        return Reaction(ui.pop())
    cards = list(snap.cards)
    index = ui.card % len(cards)
    cards[index] = kit.edited(card) if kit.edited is not None else card
    problems = kit.check(cards)
    if problems:
        return refuse(ui, "ui.cards.refused", now, reason=problems[0][1])
    return Reaction(ui.pop().say("ui.cards.kept", now), cards=tuple(cards))


# --- the menu's forms and settings ---------------------------------------------------------

BRIGHTNESS_STEPS = (0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0)


def _open_form(ui: UiState, form: Form) -> Reaction:
    """A form over the menu: back from its first field returns to the menu."""
    first = form.entry.fields[0].start
    modes = (*ui.modes, "menu", "form")
    return Reaction(replace(ui, modes=modes, form=form, entered=(), value=first).quiet())


def _finish_form(values: JSON, snap: Snapshot, now: float) -> Reaction:
    """The form's values become a command (the form and the menu close), or a notice on
    the form, which stays open at its last field."""
    ui = snap.ui
    form = ui.form
    if form is None:
        return Reaction(ui.pop())
    done = form.finish(values)
    if isinstance(done, Notice):
        return refuse(ui, done.key, now, **done.fields)
    closed = tuple(m for m in ui.modes if m not in ("form", "menu"))
    return Reaction(replace(ui, modes=closed, form=None), (done,))


def _resume(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The journal's unfinished games (newest first) to pick one up where it was left."""
    if not snap.resumable:
        return refuse(ui, "ui.menu.nothing_to_resume", now)
    titles = {
        name: {language: spec.words("title", language) for language in LANGUAGES}
        for name, spec in games.GAMES.items()
    }
    return _open_form(ui, forms.resume(snap.resumable, titles))


def _ask_restart_period(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """Ask before undoing this period's actions (the disc stays where it is)."""
    turn = snap.spec.inputs.period_action
    period = snap.period
    if turn is None or period is None:
        title = snap.spec.words("title", ui.language)
        return refuse(ui, "ui.menu.no_periods", now, game=title)
    start = _period_start(snap)
    if start is None or start >= len(snap.history):
        return refuse(ui, "ui.menu.period_untouched", now, period=period)
    asking = ui.push("confirm_restart_period")
    return Reaction(asking.say("ui.menu.confirm_restart_period", now, period=period))


def _period_start(snap: Snapshot) -> int | None:
    """The head just after the period in play began (None before the first period)."""
    turn = snap.spec.inputs.period_action
    turns = [i for i, action in enumerate(snap.history) if action.get("do") == turn]
    return turns[-1] + 1 if turns else None


def _restart_period(snap: Snapshot, now: float) -> Reaction:
    """Yes to the menu's question: back to the start of this period."""
    ui = snap.ui.pop().quiet()
    start = _period_start(snap)
    if start is None or start >= len(snap.history):
        return refuse(ui, "ui.menu.period_untouched", now, period=snap.period)
    return Reaction(ui, (Undo(to_head=start),))


def _brightness(ui: UiState, snap: Snapshot, now: float) -> Reaction:
    """The next brightness step up (round to the dimmest after the brightest); the menu
    stays open so the table sees the ring change and can step on."""
    cap = ui.max_brightness
    steps = sorted({step for step in BRIGHTNESS_STEPS if step < cap} | {cap})
    current = min(ui.brightness, ui.max_brightness)
    brighter = [step for step in steps if step > current + 1e-9]
    chosen = brighter[0] if brighter else steps[0]
    return Reaction(replace(ui, brightness=chosen, modes=(*ui.modes, "menu")))
