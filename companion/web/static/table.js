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
  if (STATS_WORDS[payload.language]) {
    statsLanguage = payload.language;
    labelViews();
  }
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

// First what the table page shows (/page: the table's language, its game and whether that
// game keeps cards): the cards are asked for only when there are some to keep, so a game with
// none says so instead of asking for a 404 (which the browser logs as an error).
async function start() {
  const {status, data} = await call("/page");
  if (status === 200 && STATS_WORDS[data.language]) {
    statsLanguage = data.language;
    labelViews();
  }
  games();
  if (status === 200 && data.cards === false) {
    document.getElementById("game").textContent = statsWord("no_cards");
    fill("cards");
    edit(null, null, "");
    return;
  }
  load();
}

// --- The "Statistics" view: the table's statistics from GET /api/table/<token>/stats, as the
// HTML report lays them out (companion/stats_html.py: sections of texts, tables and charts).
// The charts come as SVG text drawn by the box (companion/svg_chart.py, the report's own
// drawing): parsed as SVG, never as HTML, and only the elements and attributes a chart uses
// are kept, so nothing in a name can become a script or a link. The words are the table's
// language (the answer's); "#stats" in the address opens this view.

const STATS_WORDS = {
  en: {
    table: "Cards and new game",
    stats: "Statistics",
    failed: "the statistics could not be read",
    subtitle: "The table's page: the card library, a new game and the statistics",
    no_cards: "This game keeps no cards.",
  },
  ru: {
    table: "Карты и новая игра",
    stats: "Статистика",
    failed: "статистику не удалось прочитать",
    subtitle: "Страница стола: библиотека карт, новая игра и статистика",
    no_cards: "В этой игре карт нет.",
  },
};
// A table of more than this many columns is a list on a phone (style.css: .stats-table.wide),
// the report's rule (companion/stats_html.py: WIDE).
const WIDE_TABLE = 4;
const CHART_TAGS = new Set(["svg", "title", "rect", "text", "line", "polyline", "circle", "g"]);
const CHART_ATTRIBUTES = new Set([
  "xmlns", "class", "viewBox", "width", "height", "role", "aria-label", "font-family",
  "font-size", "font-weight", "x", "y", "x1", "y1", "x2", "y2", "rx", "fill", "stroke",
  "stroke-width", "stroke-linejoin", "opacity", "points", "cx", "cy", "r", "text-anchor",
]);
let statsLanguage = "en";

function statsWord(key) {
  return (STATS_WORDS[statsLanguage] || STATS_WORDS.en)[key];
}

// A chart's SVG text as an element of this page, or null when it is not a chart.
function chartNode(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG || root.localName !== "svg") return null;
  if (parsed.getElementsByTagName("parsererror").length) return null;
  for (const node of [root, ...root.querySelectorAll("*")]) {
    if (node.namespaceURI !== SVG || !CHART_TAGS.has(node.localName)) {
      node.remove();
      continue;
    }
    for (const name of node.getAttributeNames()) {
      if (!CHART_ATTRIBUTES.has(name)) node.removeAttribute(name);
    }
  }
  return document.importNode(root, true);
}

function statsTable(table) {
  const numeric = table.columns.map((_, index) => index > 0 && table.rows.every(
    (row) => index >= row.length || /^[\d.,\s/%–-]+$/.test(row[index])));
  const head = el("tr", null, ...table.columns.map((name, index) => el("th", numeric[index] ? "n" : null, name)));
  // Each cell carries its column's name for the phone's list of a wide table; an empty one
  // ("–") is left out of that list.
  const rows = table.rows.map((row) => el("tr", null, ...row.map((cell, index) => {
    const kind = numeric[index] ? "n" : /\p{L}/u.test(cell) ? "" : "w";
    const node = el("td", [kind, cell === "–" ? "none" : ""].filter(Boolean).join(" ") || null, cell);
    if (index > 0 && index < table.columns.length) node.dataset.label = table.columns[index];
    return node;
  })));
  const wide = table.columns.length > WIDE_TABLE ? "stats-table wide" : "stats-table";
  return [
    el("h3", null, table.title),
    el("div", "scroll", el("table", wide, el("thead", null, head), el("tbody", null, ...rows))),
  ];
}

function statsSection(section) {
  const items = section.items.flatMap((item) => {
    if (item.text !== undefined) return [el("p", null, item.text)];
    if (item.table) return statsTable(item.table);
    if (item.chart) {
      const chart = chartNode(item.chart.svg);
      return chart ? [el("figure", "stats-figure", chart)] : [];
    }
    return [];
  });
  const node = el("section", "stats-section", el("h2", null, section.title), ...items);
  node.dataset.section = section.id;
  return node;
}

async function showStats() {
  const wait = document.getElementById("stats-wait");
  wait.hidden = false;
  const {status, data} = await call("/stats");
  wait.hidden = true;
  if (status !== 200) {
    say(status === 403 ? data.error || "forbidden" : data.error || statsWord("failed"));
    return;
  }
  statsLanguage = STATS_WORDS[data.language] ? data.language : "en";
  labelViews();
  fill("stats", ...data.sections.map(statsSection));
}

function labelViews() {
  document.getElementById("subtitle").textContent = statsWord("subtitle");
  document.getElementById("view-table").textContent = statsWord("table");
  document.getElementById("view-stats").textContent = statsWord("stats");
}

function view(name) {
  const stats = name === "stats";
  document.getElementById("stats-view").hidden = !stats;
  document.getElementById("table-view").hidden = stats;
  for (const [id, on] of [["view-table", !stats], ["view-stats", stats]]) {
    const tab = document.getElementById(id);
    tab.classList.toggle("picked", on);
    tab.setAttribute("aria-pressed", String(on));
  }
  if (stats) showStats();
  history.replaceState(null, "", stats ? "#stats" : location.pathname);
}

document.getElementById("view-table").addEventListener("click", () => view("table"));
document.getElementById("view-stats").addEventListener("click", () => view("stats"));
if (location.hash === "#stats") view("stats");
start();
