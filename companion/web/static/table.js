// The table's page (/table/<token>): the card library and a new game. The token is the
// table code shown only on the box's own screen (MENU, Phones); every request carries it.
// The cards are drawn as their game says them (each card's face) and edited with the
// forms the game's card kit gives (form.js): the page knows no game and no card's keys.
"use strict";

const TOKEN = location.pathname.split("/").filter(Boolean).pop();
const API = `/api/table/${TOKEN}`;

function say(text, good) {
  const notice = document.getElementById("notice");
  notice.textContent = text;
  notice.className = good ? "notice good" : "notice";
  notice.hidden = !text;
}

async function call(path, body) {
  const response = await fetch(API + path, body === undefined ? {} : {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body),
  });
  let data = {};
  try { data = await response.json(); } catch (error) { data = {error: response.statusText}; }
  return {status: response.status, data};
}

// A card in one line: its name, its statistics and its lines as the game says them.
function describe(face) {
  const stats = (face.stats || []).map(([label, value]) => `${label} ${value}`);
  const lines = (face.lines || []).map(([name, words]) => `${name} (${words})`);
  return [face.name, ...stats].join(" · ") + (lines.length ? ` — ${lines.join(", ")}` : "");
}

// The form for a card: the new card's (index null) or a kept one's.
function edit(index, form, title) {
  document.getElementById("card-box").hidden = !form;
  if (!form) return;
  document.getElementById("form-title").textContent = title;
  fill("card", entryForm(form, null, (card) => keep(card, index)));
}

async function keep(card, index) {
  const body = index === null ? {card} : {card, index};
  const {status, data} = await call("/cards", body);
  if (status === 200) {
    say("Kept.", true);
    load();
  } else {
    say(data.error || "refused");
  }
}

async function load() {
  const {status, data} = await call("/cards");
  if (status !== 200) {
    document.getElementById("cards-box").hidden = true;
    edit(null, null, "");
    if (status === 403) say(data.error || "forbidden");
    return;
  }
  const faces = data.faces || [];
  document.getElementById("game").textContent = `${data.title || data.game}: ${data.cards.length} cards`;
  fill("cards", ...faces.map((face, index) => {
    const button = el("button", "big", describe(face));
    button.type = "button";
    button.dataset.index = String(index);
    button.addEventListener("click", () => edit(index, data.forms[index], `Card ${index + 1}: ${face.name}`));
    return button;
  }));
  edit(null, data.new, "A new card");
}

// The games a new game may be, from the public payload (each by its title).
async function games() {
  const response = await fetch("/api/public", {cache: "no-store"});
  const payload = response.ok ? await response.json() : {};
  const select = document.querySelector("select[name=game]");
  select.replaceChildren(...(payload.games || []).map((game) => {
    const option = el("option", null, game.title);
    option.value = game.name;
    option.selected = game.name === payload.game;
    return option;
  }));
}

document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const players = form.players.value.split(",").map((p) => p.trim()).filter(Boolean);
  const {status, data} = await call("/new_game", {game: form.game.value, setup: {players}});
  if (status === 200) {
    // A new game has new codes, the table's too: this page's link is spent.
    const title = form.game.selectedOptions[0]?.textContent || data.game;
    say(`A new game: ${title}. Every code is new: MENU, Phones on the box.`, true);
    for (const form of document.querySelectorAll("form")) form.hidden = true;
  } else {
    say(data.error || "refused");
  }
});

games();
load();
