"""A card's values on the phone: Tetranomicon's Saxum (strength 3, war) was summoned in an
earlier game, so the library knows him. On Bora's phone the Summon form lists him by name;
choosing him sets the strength and flag to his card's, as the box's buttons open them
(``Field.default_by``), and OK plays the whole action into the journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from tests.browser import NEEDS_CHROMIUM
from tests.test_press_scripts import in_force
from tests.test_web_browser import PHONE, go, open_page, refused_only, running_table

pytestmark = NEEDS_CHROMIUM

SETUP: dict[str, Any] = {
    "players": ["Bora", "Olga"],
    "factions": ["brotherhood", "order"],
    "youngest": "Bora",
}
TO_ACTIONS: list[dict[str, Any]] = [
    {"do": "epoch_card", "type": "creatures"},
    {"do": "relation", "state": "war"},
]
EARLIER: list[dict[str, Any]] = [
    *TO_ACTIONS,
    {"do": "summon", "creature": "Saxum", "strength": 3, "flag": "war"},
]


def test_a_known_creature_chosen_on_the_phone_takes_its_cards_strength_and_flag(
    browser: Browser, tmp_path: Path
) -> None:
    earlier = [("tetranomicon", SETUP, EARLIER)]
    with running_table(tmp_path, "en", "tetranomicon", SETUP, TO_ACTIONS, earlier=earlier) as table:
        bora = open_page(browser, table, table.seat_url(1), PHONE)
        go(bora, table.seat_url(1))
        form = bora.locator("form.entry").filter(has_text="Saxum").first
        expect(form).to_be_visible()
        strength = form.get_by_role("spinbutton", name="Strength")
        flags = form.get_by_role("radiogroup", name="Creature of", exact=True)
        war = flags.get_by_role("radio", name="war", exact=True)
        # The form opens at the first creature, the library's Saxum: his card's values.
        expect(strength).to_have_value("3")
        expect(war).to_have_attribute("aria-checked", "true")
        # Another creature (no card): the entry's own openings, the epoch's number, peace.
        creatures = form.get_by_role("radiogroup", name="Creature", exact=True)
        creatures.get_by_role("radio").last.click()
        expect(strength).to_have_value("1")
        expect(war).to_have_attribute("aria-checked", "false")
        # Saxum again: his card's values come back.
        creatures.get_by_role("radio", name="Saxum").click()
        expect(strength).to_have_value("3")
        expect(war).to_have_attribute("aria-checked", "true")
        form.get_by_role("button", name="OK").click()
        expect(bora.locator("#said")).to_contain_text("Saxum (3, war)")
        assert refused_only(table.errors)
    summoned = [a for a in in_force(tmp_path / "j.sqlite") if a.get("do") == "summon"]
    assert len(summoned) == 1
    assert {k: summoned[0][k] for k in ("creature", "strength", "flag", "seat")} == {
        "creature": "Saxum",
        "strength": 3,
        "flag": "war",
        "seat": 1,
    }
