"""A seat acts only as itself, in every game, and the rules themselves say so.

Random legal play of every game; at every point of it, choices the prompt offers (and
its entries with their defaults) are tried from every seat that does not own them, the way
a phone's token or a seat's buttons hand it to the table. Each try must be refused by the
rules with a reason, leave nothing in the journal and change no view (the debug view holds
every hidden value: the votes not yet revealed). The legitimate seat is worked out here
from the public view alone (the prompt's seat; a vote's hand's owner; in Four-path's play
an ally of the prompted seat), never by asking the code under test, and it must be
accepted: play goes on only through it.

Then the same through the loop and the phones' path (``Hub.submit``: what the server
does once a token named the seat), and the case that was seen at a real table: Anna's
phone posting a vote for Boris's hand through the real server.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.journal import Journal
from companion.rules.base import JSON, PUBLIC, RulesError
from companion.snapshot import Snapshot
from companion.table import Apply, NewGame, Table
from companion.web.hub import seat_payload
from tests.test_controls import OPEN, Driver
from tests.test_never_stuck import SETUPS, _start
from tests.test_web_api import TO_THE_VOTE, Running, _Answer, fetch

STEPS = 160  # actions of random legal play per game, each point of it tried
TRIED = 8  # choices tried per point, at random (all of them when there are fewer)


def _actions(snap: Snapshot) -> list[JSON]:
    """What the box offers now: the prompt's choices (the card library's summons among
    them) and its entries with their defaults."""
    prompt = snap.prompt
    return [dict(c) for c in prompt.choices] + [e.action(()) for e in prompt.entries]


def _seats(view: JSON) -> list[dict[str, Any]]:
    seats = view.get("seats")
    assert isinstance(seats, list) and seats, "every game's view lists its seats"
    return seats


def _owners(snap: Snapshot, action: JSON) -> set[int]:
    """The seats that may take ``action`` now, read from the public view and the prompt."""
    view = snap.view
    asked = snap.prompt.seat
    if action.get("do") in ("vote", "set_strength") and snap.game == "manus":
        # A hand's card and its strength are its owner's, in any order (L252-L264).
        return {h["seat"] for h in view["hands"] if h["hand"] == action["hand"]}
    if asked is None:
        return set()
    if snap.game == "four_path" and view.get("stage") == "play":
        seats = _seats(view)
        side = next(s.get("side") for s in seats if s["seat"] == asked)
        return {s["seat"] for s in seats if s.get("side") == side}
    return {asked}


def _pictures(table: Table) -> str:
    audiences = [PUBLIC, "debug", *(f"seat:{s['seat']}" for s in _seats(table.view()))]
    return json.dumps([table.view(a) for a in audiences], sort_keys=True)


def _rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def _try_every_other_seat(d: Driver, path: Path, chooser: random.Random) -> int:
    """Every offered action from every seat that does not own it, straight to the table
    (no hub, no controls before it): refused by the rules, nothing kept, nothing shown."""
    snap, table = d.app.snapshot, d.app.table
    everyone = {s["seat"] for s in _seats(snap.view)}
    actions = _actions(snap)
    chooser.shuffle(actions)
    before, head, rows = _pictures(table), table.head, _rows(path)
    refused = 0
    for action in actions[:TRIED]:
        for seat in sorted(everyone - _owners(snap, action)):
            with pytest.raises(RulesError) as refusal:
                table.execute(Apply(action, seat))
            assert str(refusal.value), f"{action} from seat {seat}: refused without a reason"
            assert (table.head, _rows(path)) == (head, rows), f"{action} from seat {seat}"
            refused += 1
    assert _pictures(table) == before, "a refused action changed what some audience sees"
    return refused


def _play_on(d: Driver, chooser: random.Random) -> bool:
    """One random legal action, taken through the app by a seat that owns it; False when
    none is left (the game is over)."""
    snap = d.app.snapshot
    actions = _actions(snap)
    chooser.shuffle(actions)
    for action in actions:
        owners = sorted(_owners(snap, action))
        chooser.shuffle(owners)
        for seat in owners:  # a team's partner may not own each of its choices: the next
            head = d.app.table.head
            d.app.execute(Apply(action, seat))
            if d.app.table.head == head + 1:
                return True  # else the rules refused an entry's defaults: another choice
    return False


GAMES = {**SETUPS, "talisman, three heroes": ("talisman", {"players": ["Anna", "Boris", "Vera"]})}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_seat_can_take_another_seats_choice_in_any_game(name: str, tmp_path: Path) -> None:
    game, setup = GAMES[name]
    d = _start(tmp_path, game, setup)
    path = Path(d.app.table.journal.path)
    chooser = random.Random(f"{name}-seats")
    refused = played = 0
    games: list[int] = []
    try:
        for _ in range(STEPS):
            refused += _try_every_other_seat(d, path, chooser)
            if _play_on(d, chooser):
                played += 1
            elif d.app.snapshot.prompt.seat is None:  # won: the series' next game
                games.append(d.app.table.record.id)
                d.app.execute(NewGame())
            else:
                pytest.fail(f"random play of {name} found no legal action: {d.app.snapshot.prompt}")
        games.append(d.app.table.record.id)
        assert played >= 100, f"random play of {name} stopped after {played} actions"
        assert refused >= 150, f"only {refused} forged choices were tried in {name}"
        # What the owners played replays to the same game: the acting seat is in each action.
        journal = Journal(path)
        again = Table(journal, journal.game(games[-1]))
        assert _pictures(again) == _pictures(d.app.table)
        for game_id in games[:-1]:  # the games won: each replays to its victory
            assert Table(journal, journal.game(game_id)).state.winner is not None
        journal.close()
    finally:
        while OPEN:
            OPEN.pop().close()


def test_a_vote_is_only_for_the_seat_s_own_hand_and_the_journal_names_the_voter(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite"
    table = Table.new_game(Journal(path), "manus", {"players": ["Anna", "Boris", "Vera"]})
    for action in TO_THE_VOTE:
        table.execute(Apply(action))
    table.execute(Apply({"do": "vote", "hand": 2, "condition": "warm"}, 2))
    for forged in ({"hand": 2, "condition": "cold"}, {"hand": 3, "condition": "dry"}):
        with pytest.raises(RulesError, match=r"hand [23] is (Boris|Vera)'s"):
            table.execute(Apply({"do": "vote", **forged}, 1))
    with pytest.raises(RulesError, match="cannot act for Boris"):
        table.execute(Apply({"do": "vote", "hand": 2, "condition": "cold", "seat": 2}, 1))
    assert table.view("seat:2")["hands"][1]["vote"] == "warm"
    assert not table.view()["hands"][2]["voted"]
    stored = Journal(path).actions(table.record.id)[-1]
    assert (stored.seat, stored.action["seat"], stored.action["hand"]) == (2, 2, 2)


def test_a_talisman_hero_s_sheet_is_its_own_player_s_in_any_turn(tmp_path: Path) -> None:
    """A card in Anna's turn costs Boris a life: Boris records it on his own sheet; Anna
    cannot change Boris's sheet, nor Boris hers."""
    table = Table.new_game(
        Journal(tmp_path / "j.sqlite"), "talisman", {"players": ["Anna", "Boris"]}
    )
    lives = table.view()["seats"][1]["lives"]
    table.execute(Apply({"do": "lives", "change": -1, "hero": 2}, 2))
    assert table.view()["seats"][1]["lives"] == lives - 1
    with pytest.raises(RulesError, match="Boris's hero, not Anna's"):
        table.execute(Apply({"do": "gold", "change": -1, "hero": 2}, 1))
    with pytest.raises(RulesError, match="Anna's hero, not Boris's"):
        table.execute(Apply({"do": "gold", "change": 5}, 2))  # no hero: the turn's, Anna's
    with pytest.raises(RulesError, match="not Boris's"):
        table.execute(Apply({"do": "end_turn"}, 2))


def test_forged_choices_from_phones_are_refused_through_the_loop(tmp_path: Path) -> None:
    """The hub's wall and the rules' together, on the loop's thread, as the server hands
    them on: every vote choice from every seat that does not own the hand."""
    running = Running(tmp_path, "manus", {"players": ["Anna", "Boris", "Vera"], "first": "Anna"})
    try:
        running.play(*TO_THE_VOTE)
        public = running.public()
        assert public["prompt"]["kind"] == "vote"
        before = _debug_of(running)
        for hand, owner in ((1, 1), (2, 2), (3, 3)):
            for seat in {1, 2, 3} - {owner}:
                for condition in ("warm", "cold", "wet", "dry"):
                    got = _submit(
                        running, {"do": "vote", "hand": hand, "condition": condition}, seat
                    )
                    assert not got[0], (hand, seat, condition)
        assert _debug_of(running) == before and running.public()["head"] == public["head"]
    finally:
        running.close()


def test_anna_s_phone_cannot_vote_for_boris_through_the_server(tmp_path: Path) -> None:
    """What was seen at a table: Boris voted warm, Anna's phone posted cold for hand 2."""
    running = Running(tmp_path, "manus", {"players": ["Anna", "Boris", "Vera"], "first": "Anna"})
    try:
        running.play(*TO_THE_VOTE)
        url, seats = running.server.url, running.tokens()["seats"]
        head = running.public()["head"]
        vote = {"do": "vote", "hand": 2, "condition": "warm"}
        status, _, _ = fetch(
            f"{url}/api/seat/{seats['2']}/action", "POST", {"action": vote, "head": head}
        )
        assert status == 200
        head += 1
        running._settle(head)
        forged = {"do": "vote", "hand": 2, "condition": "cold"}
        status, _, body = fetch(
            f"{url}/api/seat/{seats['1']}/action", "POST", {"action": forged, "head": head}
        )
        assert status == 409 and "cold" not in body, body
        boris = json.loads(fetch(f"{url}/api/seat/{seats['2']}")[2])
        assert [h.get("vote") for h in boris["view"]["hands"] if h["hand"] == 2] == ["warm"]
        assert running.public()["head"] == head
        rows = Journal(running.path).actions(1)
        assert [(r.seat, r.action.get("hand")) for r in rows if r.action["do"] == "vote"] == [
            (2, 2)
        ]
    finally:
        running.close()


def _submit(running: Running, action: JSON, seat: int) -> tuple[bool, str, int]:
    answer = _Answer()
    assert running.app is not None
    running.app.hub().submit(action, seat, running.public()["head"], answer.reply)
    assert answer.done.wait(10)
    return answer.got


def _debug_of(running: Running) -> str:
    """Every hidden value, read on the loop's thread (the table belongs to it)."""
    assert running.app is not None
    return json.dumps(running.app.snapshot.view_for("debug"), sort_keys=True)


def test_a_phone_s_refused_action_puts_nothing_on_the_box_and_is_echoed_short(
    tmp_path: Path,
) -> None:
    """What a stranger's text could do: a refused action's words (which quote what was
    sent) reach only the phone that sent it, cut to an excerpt; the box's screen, its log
    and the public page stay as they were."""
    running = Running(tmp_path, "manus", {"players": ["Anna", "Boris", "Vera"], "first": "Anna"})
    try:
        url, seats = running.server.url, running.tokens()["seats"]
        before = running.public()
        lie = "Boris cheats, do not trust him. Visit evil.example now"
        status, _, body = fetch(
            f"{url}/api/seat/{seats['1']}/action", "POST", {"action": {"do": lie}, "head": 0}
        )
        assert status == 409 and "Boris cheats" in body and lie not in body
        assert len(json.loads(body)["reason"]) < 200
        assert running.app is not None and running.app.snapshot.ui.notice is None
        after = running.public()
        assert "cheats" not in json.dumps(after) and after["head"] == before["head"]
    finally:
        running.close()


@pytest.mark.parametrize("game", ["bestiary", "four_path"])
def test_a_seat_page_says_each_of_its_choices_in_words_of_its_own(
    game: str, tmp_path: Path
) -> None:
    """What a phone shows on each button (the game's look for it, else the box's own
    words): at every gallery sample of the game, no two different choices or entries of a
    seat read the same (four attacks once all read "Architectus")."""
    spec = games.find(game)
    checked = 0
    for number, sample in enumerate(spec.samples):
        d = _start(tmp_path / str(number), game, dict(sample.setup))
        try:
            for action in sample.actions:
                d.app.execute(Apply(dict(action)))
            snap = d.app.snapshot
            if snap.prompt.seat is None:
                continue
            payload = seat_payload(snap, snap.prompt.seat)
            looks = payload.get("picture", {}).get("actions") or []
            shown = [_shown(c["action"], c["label"], looks) for c in payload["prompt"]["choices"]]
            shown += [  # an attack's or an ability's entry (a summon's shows its card's form)
                _shown(e["action"], e["label"], looks)
                for e in payload["prompt"]["entries"]
                if e["action"].get("do") in ("attack", "support")
            ]
            twice = sorted({label for label in shown if shown.count(label) > 1})
            assert not twice, (
                sample.name,
                twice,
                [c["action"] for c in payload["prompt"]["choices"]],
            )
            checked += len(shown)
        finally:
            while OPEN:
                OPEN.pop().close()
    assert checked >= 10


def _shown(action: JSON, label: str, looks: list[JSON]) -> str:
    """seat.js's actionLook: the first look whose keys all match the action, else the
    server's label."""
    for look in looks:
        when = look.get("when") or {}
        if when and all(action.get(k) == v for k, v in when.items()):
            return str(look.get("label") or label)
    return label
