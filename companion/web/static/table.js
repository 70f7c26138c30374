// The table's page (/table/<token>): the card library and a new game. The token is the
// table code shown only on the box's own screen (MENU, Phones); every request carries it.
"use strict";

const TOKEN = location.pathname.split("/").filter(Boolean).pop();
const API = `/api/table/${TOKEN}`;
let editing = null; // the index of the card being edited, or null for a new one

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

function node(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function describe(card) {
  const parts = [card.name];
  if (card.class) parts.push(card.class);
  if (card.vitality) parts.push(`♥${card.vitality}`);
  if (Number.isInteger(card.attack)) parts.push(`⚔${card.attack}`);
  const abilities = (card.abilities || []).map(
    (a) => `${nameOf(a.name) ?? "?"} (${a.prep ?? "?"})`,
  );
  return parts.join(" · ") + (abilities.length ? ` — ${abilities.join(", ")}` : "");
}

function nameOf(value) {
  return typeof value === "object" && value !== null ? (value.en ?? Object.values(value)[0]) : value;
}

async function load() {
  const {status, data} = await call("/cards");
  if (status !== 200) {
    say(data.error || "forbidden");
    return;
  }
  document.getElementById("game").textContent = `${data.game}: ${data.cards.length} cards`;
  const list = document.getElementById("cards");
  list.replaceChildren(...data.cards.map((card, index) => {
    const shown = {...card, name: nameOf(card.name)};
    const button = node("button", "big", describe(shown));
    button.type = "button";
    button.dataset.index = String(index);
    button.addEventListener("click", () => edit(index, shown));
    return button;
  }));
}

function edit(index, card) {
  editing = index;
  const form = document.getElementById("card");
  document.getElementById("form-title").textContent = `Card ${index + 1}: ${card.name}`;
  form.name.value = card.name ?? "";
  form.class.value = card.class ?? "";
  form.vitality.value = card.vitality ?? "";
  form.attack.value = Number.isInteger(card.attack) ? card.attack : "";
  const abilities = card.abilities || [];
  form.a1.value = nameOf(abilities[0]?.name) ?? "";
  form.p1.value = abilities[0]?.prep ?? "";
  form.a2.value = nameOf(abilities[1]?.name) ?? "";
  form.p2.value = abilities[1]?.prep ?? "";
}

function prep(text) {
  const value = String(text).trim();
  if (!value) return null;
  if (value.toUpperCase() === "X") return "X";
  return Number(value);
}

document.getElementById("card").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const card = {name: form.name.value.trim()};
  if (form.class.value) card.class = form.class.value;
  if (form.vitality.value) card.vitality = Number(form.vitality.value);
  if (form.attack.value !== "") card.attack = Number(form.attack.value);
  card.abilities = [
    {name: form.a1.value.trim() || "ability 1", prep: prep(form.p1.value)},
    {name: form.a2.value.trim() || "ability 2", prep: prep(form.p2.value)},
  ];
  const body = editing === null ? {card} : {card, index: editing};
  const {status, data} = await call("/cards", body);
  if (status === 200) {
    say("Kept.", true);
    editing = null;
    form.reset();
    document.getElementById("form-title").textContent = "A new card";
    load();
  } else {
    say(data.error || "refused");
  }
});

document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const players = form.players.value.split(",").map((p) => p.trim()).filter(Boolean);
  const {status, data} = await call("/new_game", {game: form.game.value, setup: {players}});
  if (status === 200) {
    // A new game has new codes, the table's too: this page's link is spent.
    say(`A new game: ${data.game}. Every code is new: MENU, Phones on the box.`, true);
    for (const form of document.querySelectorAll("form")) form.hidden = true;
  } else {
    say(data.error || "refused");
  }
});

load();
