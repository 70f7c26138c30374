"""The phones' pages in a real browser: Debian's Chromium driven by Playwright, against a
real companion app (fake hardware) and its web server on a loopback port.

Three phones and a spectator screen play a Hand of Manus vote: before the reveal no page
shows a vote but its own seat's; after it the spectator shows every card and the site's
move. A phone that acts on a prompt someone else answered first is told "that is no
longer possible" and shows the table as it is. The screenshots go to the gallery
(docs/img/phone_*.png) at a phone's 390x844 and a screen's 1280x800.

Chromium is Debian's, launched as tests/browser.py says; the test is skipped only when it
is missing.
"""

from __future__ import annotations

import io
import json
import queue
import re
import threading
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    WebSocketRoute,
    expect,
)

from companion import games
from companion.app import App, build_app
from companion.config import load
from companion.table import NewGame
from companion.web.hub import Hub
from companion.web.server import Server, serve_in_thread
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

GALLERY = Path(__file__).resolve().parent.parent / "docs" / "img"
GOLDEN = Path(__file__).resolve().parent / "golden"
PHONE: ViewportSize = {"width": 390, "height": 844}
SCREEN: ViewportSize = {"width": 1280, "height": 800}
WAIT = 10_000  # ms: how long a page may take to show a change

SETUP: dict[str, Any] = {"players": ["Anna", "Boris", "Vera"], "no_target": True}
TO_THE_VOTE: list[dict[str, Any]] = [
    {"do": "place_site", "temperature": "warm", "humidity": "wet"},
    {"do": "choose_discovery", "discovery": "fire"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "skip"},
    {"do": "choose_target", "target": "none"},
    {"do": "choose_target", "target": "none"},
    {"do": "choose_target", "target": "none"},
]


Played = tuple[str, Mapping[str, Any], Sequence[Mapping[str, Any]]]  # game, setup, actions


@dataclass
class RunningTable:
    """An app on its own loop thread with its web server; the tokens of its seats."""

    app: App
    server: Server
    tokens: dict[str, Any]
    thread: threading.Thread
    language: str
    errors: list[str] = field(default_factory=list)  # the pages' script errors and CSP refusals
    contexts: list[BrowserContext] = field(
        default_factory=list
    )  # the browser contexts of its pages

    def seat_url(self, seat: int) -> str:
        return f"{self.server.url}/seat/{self.tokens['seats'][str(seat)]}"

    def post_action(self, seat: int, action: dict[str, Any]) -> int:
        """The seat's action from elsewhere (its other phone), at the table's current head."""
        token = self.tokens["seats"][str(seat)]
        with urllib.request.urlopen(f"{self.server.url}/api/seat/{token}") as answer:
            head = json.load(answer)["head"]
        request = urllib.request.Request(
            f"{self.server.url}/api/seat/{token}/action",
            data=json.dumps({"action": action, "head": head}).encode(),
            headers={"Content-Type": "application/json", "Origin": self.server.url},
            method="POST",
        )
        with urllib.request.urlopen(request) as answer:
            return int(answer.status)


@contextmanager
def running_table(
    tmp_path: Path,
    language: str,
    game: str = "manus",
    setup: dict[str, Any] = SETUP,
    actions: list[dict[str, Any]] = TO_THE_VOTE,
    *,
    earlier: Sequence[Played] = (),
) -> Iterator[RunningTable]:
    """A game played up to a point (by default Manus of three at its secret vote), served on
    a free loopback port, after the ``earlier`` games (each its game, setup and actions) in
    the journal (tmp_path/j.sqlite). The app is built, played and run on one thread: the
    table belongs to that thread."""
    built: queue.Queue[tuple[App, Hub] | BaseException] = queue.Queue()

    def loop() -> None:
        try:
            config = replace(load(None), language=language)
            app = build_app(config, fakes=True, journal_path=tmp_path / "j.sqlite")
            for played in [*earlier, (game, setup, actions)]:
                app.execute(NewGame(played[0], played[1]))
                for action in played[2]:
                    app.apply(action)
            built.put((app, app.hub()))
        except BaseException as error:  # said on the test's thread
            built.put(error)
            return
        try:
            app.run()
        finally:
            app.close()

    thread = threading.Thread(target=loop, name="table", daemon=True)
    thread.start()
    started = built.get(timeout=30)
    if isinstance(started, BaseException):
        raise started
    app, hub = started
    server = serve_in_thread(hub, "127.0.0.1", 0)
    running = RunningTable(app, server, hub.tokens(), thread, language)
    try:
        yield running
    finally:
        for context in running.contexts:  # the pages go before their server does
            context.close()
        server.stop()
        app.stop()
        thread.join(10)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[RunningTable]:
    with running_table(tmp_path, "en") as running:
        yield running


@pytest.fixture
def table_ru(tmp_path: Path) -> Iterator[RunningTable]:
    with running_table(tmp_path, "ru") as running:
        yield running


def golden_actions(name: str) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A golden transcript's game, setup and actions (its checks left to test_golden)."""
    data = yaml.safe_load((GOLDEN / f"{name}.yaml").read_text(encoding="utf-8"))
    actions = [step for step in data["steps"] if "do" in step]
    return data["game"], data["setup"], actions


def open_page(browser: Browser, table: RunningTable, url: str, viewport: ViewportSize) -> Page:
    """A page in its own browser context (each phone is its own device), watched for
    script errors and for anything the CSP refused."""
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    table.contexts.append(context)
    page = context.new_page()
    page.on("pageerror", lambda error: table.errors.append(f"{url}: {error}"))
    page.on(
        "console",
        lambda message: (
            table.errors.append(f"{url}: {message.text}") if message.type == "error" else None
        ),
    )
    return page


def go(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#status")).to_have_class(re.compile("status-live"), timeout=WAIT)


def unsecret_text(page: Page) -> str:
    """What the page shows in words, but for the words that are not about a vote: the vote
    buttons (every seat has all four) and the room's quadrant names."""
    text: str = page.evaluate(
        """() => {
            const copy = document.body.cloneNode(true);
            const words = "button, [data-part=room] .cell-name, [hidden]";
            for (const node of copy.querySelectorAll(words)) {
                node.remove();
            }
            return copy.textContent;
        }"""
    )
    return text


def refused_only(errors: list[str]) -> bool:
    """No script error and nothing refused by the CSP: the one error allowed is the
    browser's own line about the refused action's 409."""
    unexpected = [line for line in errors if "status of 409" not in line]
    assert unexpected == [], unexpected
    return True


def shot(page: Page, name: str) -> None:
    """The page into the gallery, unless the picture there differs from it only by the
    rasteriser's rounding (Chromium's anti-aliased corners vary by a level or two from run
    to run): the gallery's files change only when a page does."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    path = GALLERY / f"phone_{name}.png"
    page.evaluate("window.scrollTo(0, 0)")  # a click scrolls; the gallery shows the top
    fresh: bytes = page.screenshot(animations="disabled", caret="hide")
    if path.exists() and same_picture(path.read_bytes(), fresh):
        return
    path.write_bytes(fresh)


def same_picture(old: bytes, new: bytes) -> bool:
    """Same size, and every pixel within 4 levels of the other's."""
    import pygame  # noqa: PLC0415 (the companion's own dependency, for its PNG reader)

    first = pygame.image.load(io.BytesIO(old), "old.png")
    second = pygame.image.load(io.BytesIO(new), "new.png")
    if first.get_size() != second.get_size():
        return False
    close = pygame.transform.threshold(None, first, None, (4, 4, 4, 255), None, 0, second)
    return bool(close == first.get_width() * first.get_height())


def vote(page: Page, word: str) -> None:
    page.get_by_role("button", name=word, exact=True).click()


def held_socket(page: Page) -> Callable[[bool], None]:
    """Route the page's WebSocket through the test: hold(True) keeps the server's pushes
    from the page (a phone whose update has not arrived yet), hold(False) lets them through."""
    holding = {"on": False}

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: None if holding["on"] else socket.send(message))

    page.route_web_socket(re.compile(r".*/ws/seat/.*"), route)

    def hold(on: bool) -> None:
        holding["on"] = on

    return hold


@dataclass
class Pages:
    """The spectator's screen and the three phones, each its own browser context."""

    spectator: Page
    anna: Page
    boris: Page
    vera: Page
    hold_boris: Callable[[bool], None]  # keep the server's pushes from Boris's phone


def open_pages(browser: Browser, table: RunningTable) -> Pages:
    spectator = open_page(browser, table, table.server.url, SCREEN)
    go(spectator, table.server.url + "/")
    phones = [open_page(browser, table, table.seat_url(seat), PHONE) for seat in (1, 2, 3)]
    hold = held_socket(phones[1])
    for seat, phone in enumerate(phones, start=1):
        go(phone, table.seat_url(seat))
    anna, boris, vera = phones
    return Pages(spectator, anna, boris, vera, hold_boris=hold)


def before_any_vote(pages: Pages) -> None:
    """Each phone asks its own seat, with the four conditions as buttons; the spectator
    waits for three votes, no one's turn, the site's token warm and wet."""
    for name, phone in zip(SETUP["players"], (pages.anna, pages.boris, pages.vera), strict=True):
        expect(phone.locator("#who")).to_have_text(name)
        expect(phone.locator("#prompt-title")).to_have_text("Your move")
        expect(phone.locator("#choices button")).to_have_text(["warm", "cold", "wet", "dry"])
        expect(phone.locator("#mine")).to_contain_text("Your vote: not voted yet")
    spectator = pages.spectator
    expect(spectator.locator("[data-part=votes] li")).to_have_text(
        ["Anna: … waiting", "Boris: … waiting", "Vera: … waiting"]
    )
    expect(spectator.locator("#turn")).to_have_text("")
    expect(spectator.locator("#clock")).to_have_text("Round 1 · Test-site vote")
    expect(spectator.locator("[data-part=room] .cell-mark")).to_have_text("warm · wet●")
    expect(spectator.locator("section[data-part=room]")).to_contain_text("no vote revealed yet")


def votes_stay_secret(pages: Pages) -> None:
    """Anna votes cold, Boris dry: each phone shows its own vote; no other page shows it,
    only that the seat voted. (The site is warm and wet: "cold" and "dry" are words only
    a vote can put on these pages.)"""
    spectator, anna, boris, vera = pages.spectator, pages.anna, pages.boris, pages.vera
    votes = spectator.locator("[data-part=votes] li")
    vote(anna, "cold")
    expect(anna.locator("#mine")).to_contain_text("Your vote: cold")
    expect(votes.nth(0)).to_have_text("Anna: ✓ voted")
    for page in (boris, vera):
        expect(page.locator("#prompt")).to_contain_text("waiting for Boris, Vera")
    assert "cold" in unsecret_text(anna)  # the check below sees a vote where one is shown
    for page in (spectator, boris, vera):
        shown = unsecret_text(page)
        assert "Anna" in shown  # drawn after her vote, with the vote left out
        assert "cold" not in shown, shown

    vote(boris, "dry")
    expect(boris.locator("#mine")).to_contain_text("Your vote: dry")
    expect(votes.nth(1)).to_have_text("Boris: ✓ voted")
    for page in (anna, vera):
        expect(page.locator("#prompt")).to_contain_text("waiting for Vera")
    unseen = {spectator: ("cold", "dry"), vera: ("cold", "dry"), anna: ("dry",), boris: ("cold",)}
    for page, words in unseen.items():
        shown = unsecret_text(page)
        for word in words:
            assert word not in shown, (word, shown)
    expect(spectator.locator("[data-part=reveal]")).to_have_count(0)


def the_reveal(pages: Pages) -> None:
    """Vera votes cold, the last vote: the spectator shows every card and the site moving
    to cold and dry (cold 2 to 0, dry 1 to 0); round 2 starts with Boris first."""
    spectator = pages.spectator
    vote(pages.vera, "cold")
    expect(spectator.locator("[data-part=reveal] li")).to_have_text(
        ["Anna: cold", "Boris: dry", "Vera: cold"], timeout=WAIT
    )
    expect(spectator.locator("section[data-part=room]")).to_contain_text("Last reveal (Round 1)")
    expect(spectator.locator("[data-part=site-move]")).to_have_text("site: warm · wet → cold · dry")
    expect(spectator.locator("[data-part=room] .cell-mark")).to_have_text("cold · dry●")
    expect(spectator.locator("#clock")).to_contain_text("Round 2")
    expect(spectator.locator("#said")).to_contain_text("The cards are turned over")
    expect(spectator.locator("#log")).to_contain_text("Round 2: Boris is first.")
    expect(pages.boris.locator("#prompt-title")).to_have_text("Your move")
    expect(pages.boris.locator("#choices button").first).to_be_visible()
    for phone in (pages.anna, pages.vera):
        expect(phone.locator("#prompt-title")).to_have_text("Waiting for Boris")
        expect(phone.locator("#choices button")).to_have_count(0)


def a_race_lost(pages: Pages, table: RunningTable) -> None:
    """Boris's other phone chooses the discovery while this one has not heard yet: this
    phone's press is refused with "that is no longer possible", and it shows the table as
    it is now (construction)."""
    boris = pages.boris
    pages.hold_boris(True)
    assert table.post_action(2, {"do": "choose_discovery", "discovery": "steam"}) == 200
    expect(pages.anna.locator("#said")).to_contain_text("steam")  # the others saw it
    boris.locator("#choices button").first.click()
    expect(boris.locator("#notice")).to_have_text("that is no longer possible")
    expect(boris.locator("#prompt")).to_contain_text("record the hand's elements", timeout=WAIT)
    shot(boris, "seat_refused")
    pages.hold_boris(False)


def a_construction_entered(pages: Pages) -> None:
    """A steam card on the shoulder, the other parts kept ("keep" leaves them out of the
    action, as the box's entry does)."""
    boris = pages.boris
    boris.get_by_role("radiogroup").first.get_by_role("radio", name="steam").click()
    boris.get_by_role("button", name="OK").click()
    expect(boris.locator("#mine")).to_contain_text("shoulder: steam")
    expect(boris.locator("#notice")).to_be_hidden()  # the refusal before is stale now
    expect(pages.spectator.locator("#said")).to_contain_text("Boris builds")


def test_a_manus_vote_from_three_phones_and_the_reveal_on_the_spectator_page(
    browser: Browser, table: RunningTable
) -> None:
    pages = open_pages(browser, table)
    before_any_vote(pages)
    shot(pages.anna, "seat_vote")
    shot(pages.spectator, "spectator_vote")
    votes_stay_secret(pages)
    shot(pages.anna, "seat_voted")
    the_reveal(pages)
    shot(pages.spectator, "spectator_reveal")
    shot(pages.boris, "seat_discovery")
    a_race_lost(pages, table)
    a_construction_entered(pages)
    shot(pages.boris, "seat_built")
    assert refused_only(table.errors)


def test_a_russian_table_speaks_russian_on_the_phone(
    browser: Browser, table_ru: RunningTable
) -> None:
    """The table's language on the phone: the buttons, the page's own words and the refusal
    («это уже невозможно»)."""
    anna = open_page(browser, table_ru, table_ru.seat_url(1), PHONE)
    hold = held_socket(anna)
    go(anna, table_ru.seat_url(1))
    expect(anna.locator("html")).to_have_attribute("lang", "ru")
    expect(anna.locator("#prompt-title")).to_have_text("Ваш ход")
    expect(anna.locator("#choices button")).to_have_text(["тепло", "холодно", "влажно", "сухо"])
    expect(anna.locator("#mine")).to_contain_text("Ваш голос: ещё не голосовали")
    hold(True)
    assert table_ru.post_action(1, {"do": "vote", "hand": 1, "condition": "dry"}) == 200
    vote(anna, "холодно")
    expect(anna.locator("#notice")).to_have_text("это уже невозможно")
    expect(anna.locator("#mine")).to_contain_text("Ваш голос: сухо")
    shot(anna, "seat_refused_ru")
    hold(False)
    assert refused_only(table_ru.errors)


def test_a_duel_on_the_spectator_page_its_scales_and_the_sigils_tokens(
    browser: Browser, tmp_path: Path
) -> None:
    """Bestiary: the castle scales, the sigil's sun and its tokens with the period each
    returns in, soonest first."""
    game, setup, actions = golden_actions("siege_win")
    at_play = actions[: actions.index({"do": "turn_disc"})]
    first_period: list[dict[str, Any]] = [
        {"do": "turn_disc"},
        {"do": "siege", "towers": ["plain"]},
        {"do": "end_phase"},
        {"do": "support", "creature": "saxum", "ability": "ability_1", "prep": 3},
        {"do": "support", "creature": "illesbra", "ability": "temptation", "prep": 1},
    ]
    with running_table(tmp_path, "en", game, setup, at_play + first_period) as table:
        page = open_page(browser, table, table.server.url, SCREEN)
        go(page, table.server.url + "/")
        expect(page.locator("#clock")).to_have_text("Period 1, cycle 1 · Support")
        expect(page.locator("#standing-title")).to_have_text("Castle scales")
        expect(page.locator(".meter").nth(1)).to_contain_text("1 / 16")
        expect(page.locator("[data-part=tokens] li")).to_have_count(2)
        expect(page.locator("[data-part=tokens] li").first).to_contain_text("returns in period 2")
        expect(page.locator("[data-part=tokens] li").last).to_contain_text("returns in period 4")
        expect(page.locator("[data-part=sigil] .cell-mark")).to_contain_text("1 ☀")
        shot(page, "spectator_duel")
        assert refused_only(table.errors)


def test_a_won_duel_on_the_spectator_page_with_its_damage_chart(
    browser: Browser, tmp_path: Path
) -> None:
    """tests/golden/siege_win.yaml played to its end: the winner, no one's turn, and the
    castle damage by period as a chart, a line per seat."""
    game, setup, actions = golden_actions("siege_win")
    with running_table(tmp_path, "en", game, setup, actions) as table:
        page = open_page(browser, table, table.server.url, SCREEN)
        go(page, table.server.url + "/")
        expect(page.locator("#winner")).to_have_text("Winner: Anna")
        expect(page.locator("#turn")).to_have_text("")
        expect(page.locator("#chart svg polyline")).to_have_count(2)
        expect(page.locator("#chart svg")).to_contain_text("Boris: 16")
        shot(page, "spectator_victory")
        assert refused_only(table.errors)


def test_the_spectator_page_keeps_up_by_polling_while_its_socket_is_down(
    browser: Browser, table: RunningTable
) -> None:
    """A network that drops WebSockets: the page says it lost the connection, keeps trying,
    and meanwhile shows the table from /api/public every few seconds."""
    page = open_page(browser, table, table.server.url, SCREEN)
    page.route_web_socket(re.compile(r".*/ws/public"), lambda socket: socket.close())
    page.goto(table.server.url + "/")
    expect(page.locator("#status")).to_have_class(re.compile("status-reconnecting"))
    expect(page.locator("[data-part=votes] li").first).to_have_text("Anna: … waiting")
    assert table.post_action(1, {"do": "vote", "hand": 1, "condition": "cold"}) == 200
    expect(page.locator("[data-part=votes] li").first).to_have_text("Anna: ✓ voted", timeout=WAIT)
    assert refused_only(table.errors)


def test_a_support_ability_entered_on_the_phone_with_minus_and_plus(
    browser: Browser, tmp_path: Path
) -> None:
    """Bestiary's support phase on Anna's phone: an ability's preparation entered with the
    − / + buttons, played; her creature's ability then waits for its period."""
    game, setup, actions = golden_actions("siege_win")
    at_play = actions[: actions.index({"do": "turn_disc"})]
    to_support: list[dict[str, Any]] = [
        {"do": "turn_disc"},
        {"do": "siege", "towers": ["plain"]},
        {"do": "end_phase"},
    ]
    with running_table(tmp_path, "en", game, setup, at_play + to_support) as table:
        anna = open_page(browser, table, table.seat_url(1), PHONE)
        go(anna, table.seat_url(1))
        expect(anna.locator("#prompt-title")).to_have_text("Your move")
        form = anna.locator("form.entry").filter(has_text="Temptation")
        number = form.locator("input.number")
        expect(number).to_have_value("1")
        form.get_by_role("button", name="one more").click()
        form.get_by_role("button", name="one more").click()
        form.get_by_role("button", name="one less").click()
        expect(number).to_have_value("2")
        form.get_by_role("button", name="OK").click()
        expect(anna.locator("#mine")).to_contain_text("Temptation: returns in period 3")
        expect(anna.locator("#said")).to_contain_text("back in period 3")
        shot(anna, "seat_support")
        assert refused_only(table.errors)


def new_card(page: Page, name: str) -> None:
    """The new card's form filled in (the fields the game's card kit asks) and kept."""
    form = page.locator("#card form")
    form.get_by_role("textbox", name="Name", exact=True).fill(name)
    form.get_by_role("radiogroup", name="Class").get_by_role("radio", name="agility").click()
    vitality = form.get_by_role("radiogroup", name="Vitality")
    vitality.get_by_role("radio", name="5", exact=True).click()
    form.get_by_role("textbox", name="Ability 1: name").fill("Shade")
    prep = form.get_by_role("radiogroup", name="Ability 1: preparation")
    prep.get_by_role("radio", name="2", exact=True).click()
    form.get_by_role("textbox", name="Ability 2: name").fill("Veil")
    form.get_by_role("button", name="OK").click()


def test_the_tables_page_keeps_a_card_and_starts_a_new_game(
    browser: Browser, tmp_path: Path
) -> None:
    """/table/<table code> (shown only on the box's screen): a card kept through the
    library's own check (a bad one refused with where and why) and changed in its form,
    both forms the game's card kit gives; then a new game, from the games' own list, whose
    seats' old links stop working."""
    game, setup, actions = golden_actions("siege_win")
    with running_table(tmp_path, "en", game, setup, actions[:1]) as table:
        url = f"{table.server.url}/table/{table.tokens['table']}"
        page = open_page(browser, table, url, PHONE)
        page.goto(url)
        expect(page.locator("#game")).to_contain_text("Bestiary: Two Castles")
        before = page.locator("#cards button").count()
        new_card(page, "Umbra")
        expect(page.locator("#notice")).to_have_text("Kept.", timeout=WAIT)
        expect(page.locator("#cards button")).to_have_count(before + 1, timeout=WAIT)
        kept = page.locator("#cards button").last
        expect(kept).to_contain_text("Umbra · Class agility · Vitality 5")
        expect(kept).to_contain_text("Shade (prep. 2)")
        new_card(page, "Umbra")  # the same creature twice: refused
        expect(page.locator("#notice")).to_contain_text("the same creature", timeout=WAIT)
        # A kept card opens in its form at its values; a change is kept in its place.
        kept.click()
        expect(page.locator("#form-title")).to_have_text(f"Card {before + 1}: Umbra")
        form = page.locator("#card form")
        vitality = form.get_by_role("radiogroup", name="Vitality")
        expect(vitality.get_by_role("radio", name="5", exact=True)).to_have_attribute(
            "aria-checked", "true"
        )
        vitality.get_by_role("radio", name="6", exact=True).click()
        form.get_by_role("button", name="OK").click()
        expect(page.locator("#cards button")).to_have_count(before + 1, timeout=WAIT)
        expect(page.locator("#cards button").last).to_contain_text("Vitality 6", timeout=WAIT)
        expect(page.locator("select[name=game] option")).to_have_text(
            [spec.words("title", "en") for spec in games.GAMES.values()]
        )
        old_seat = table.seat_url(1)
        page.select_option("select[name=game]", label="Hand of Manus")
        page.fill("input[name=players]", "Dora, Egor, Fedya")
        page.click("#new-game button[type=submit]")
        expect(page.locator("#notice")).to_contain_text("A new game: Hand of Manus", timeout=WAIT)
        shot(page, "table_page")
        assert page.context.request.get(old_seat).status == 403
        assert page.context.request.get(url).status == 403  # the table's code is new too
        # The browser logs the refused card's answer (400) as it does a 409: nothing else.
        assert [e for e in table.errors if "status of 400" not in e] == []


def example(name: str, count: int) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """An example script's game, setup and first ``count`` actions."""
    script = yaml.safe_load(
        (Path(__file__).resolve().parent.parent / "docs/examples" / f"{name}.yaml").read_text(
            "utf-8"
        )
    )
    return script["game"], script.get("setup") or {}, list(script["actions"][:count])


@pytest.mark.parametrize(
    ("script", "count"),
    [
        ("talisman_battle", 6),
        ("tetranomicon_two_players", 12),
        ("four_path_teams_victory", 30),
        ("manus_three_players", 20),
        ("duel_siege", 12),
    ],
)
def test_every_game_draws_its_own_picture_on_both_pages(
    browser: Browser, tmp_path: Path, script: str, count: int
) -> None:
    """Each game's spectator page and first seat's page, partway through an example: the
    clock line, the standings and the seat's own section are the game's picture (its
    folder's), drawn with no script error."""
    game, setup, actions = example(script, count)
    with running_table(tmp_path, "en", game, setup, actions) as table:
        snap = table.app.snapshot
        picture = snap.spec.picture(snap.view, "en")
        page = open_page(browser, table, table.server.url, SCREEN)
        go(page, table.server.url + "/")
        if picture["headline"]:
            expect(page.locator("#clock")).to_contain_text(picture["headline"])
        expect(page.locator("#standing-title")).to_have_text(picture["summary_title"])
        rows = page.locator("#standing .meter")
        expect(rows).to_have_count(len(picture["summary"]))
        for index, row in enumerate(picture["summary"]):
            expect(rows.nth(index)).to_contain_text(str(row["label"]))
            expect(rows.nth(index)).to_contain_text(str(row["value"]))
        for section in picture["sections"]:
            expect(page.locator(f"section[data-part={section['part']}] h2")).to_have_text(
                section["title"]
            )
        shot(page, f"spectator_{game}")
        seat = open_page(browser, table, table.seat_url(1), PHONE)
        go(seat, table.seat_url(1))
        mine = snap.spec.picture(snap.view_for("seat:1"), "en", 1)["sections"]
        assert mine, "every game shows a seat its own"
        expect(seat.locator("#mine section[data-part=mine] h2")).to_have_text(mine[0]["title"])
        shot(seat, f"seat_{game}")
        assert refused_only(table.errors)


def test_the_spectator_page_on_a_phone_puts_the_log_under_the_game(
    browser: Browser, tmp_path: Path
) -> None:
    """The spectator page's code goes to anyone round the table, so mostly to phones: at a
    phone's width the game keeps the whole width (the log column once squeezed it to a
    word a line) and the log comes under it."""
    game, setup, actions = golden_actions("siege_win")
    at_play = actions[: actions.index({"do": "turn_disc"})]
    with running_table(tmp_path, "en", game, setup, [*at_play, {"do": "turn_disc"}]) as table:
        page = open_page(browser, table, table.server.url, PHONE)
        go(page, table.server.url + "/")
        expect(page.locator("#clock")).to_contain_text("Period 1")
        board = page.locator(".board").bounding_box()
        log = page.locator(".log-column").bounding_box()
        meter = page.locator(".meter").first.bounding_box()
        assert board is not None and log is not None and meter is not None
        assert meter["width"] >= 0.8 * PHONE["width"] - 40, meter  # the game's own width
        assert log["y"] > meter["y"]  # the log under the game, not beside it
        shot(page, "spectator_phone")
        assert refused_only(table.errors)
