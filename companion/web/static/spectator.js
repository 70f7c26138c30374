// The spectator page: the public payload (/api/public, /ws/public) drawn as it comes.
// Drawing is a pure function of the payload: every section is rebuilt from it. What the
// game shows of itself (its clock line, standings, board, chart) is its picture, drawn
// here without knowing which game it is (docs/phones.md).
"use strict";

function drawClock(picture, phaseLabel) {
  fill("clock", [picture.headline, phaseLabel].filter(Boolean).join(" · "));
}

function drawNow(payload) {
  const view = payload.view || {};
  const prompt = payload.prompt || {};
  // Whose turn the view says, else the seat the prompt asks; no one's while every seat
  // chooses at once (a secret vote).
  const seat = view.turn?.seat ?? (prompt.everyone ? null : prompt.seat);
  const name = view.winner || !seat ? null : (view.turn?.name ?? seatName(view, seat));
  fill("turn", name ? el("span", `chip seat-${(seat - 1) % 4}`, `${t("turn")}: ${name}`) : "");
  fill("prompt", prompt.text || "");
}

function drawSaid(said) {
  show("said-box", said.length > 0);
  fill("said-title", t("said"));
  fill("said", ...said.map((line) => el("p", "said-line", line)));
}

// The game log: kept here and extended by each update's new lines (log_from, log_length,
// log_key); the older lines the page shows come from /api/log?from=N, a page at a time.
const LOG_SHOWN = 60;
const gameLog = { key: null, start: 0, lines: [], notices: [], asking: false };

function takeLog(payload) {
  const from = payload.log_from ?? 0;
  const lines = payload.log || [];
  const length = payload.log_length ?? from + lines.length;
  gameLog.notices = payload.notices || [];
  const kept = (payload.log_kept || {})[gameLog.key];
  if (payload.log_key !== gameLog.key && kept !== undefined && kept >= gameLog.start) {
    // An undo: the lines before the cut still hold.
    gameLog.lines = gameLog.lines.slice(0, kept - gameLog.start);
    gameLog.key = payload.log_key;
  }
  const end = gameLog.start + gameLog.lines.length;
  if (payload.log_key !== gameLog.key || from < gameLog.start || from > end) {
    // Another game, another language, or a gap: start again from this update.
    gameLog.key = payload.log_key;
    gameLog.start = from;
    gameLog.lines = lines.slice();
  } else {
    gameLog.lines = gameLog.lines.slice(0, from - gameLog.start).concat(lines);
  }
  // Fewer than half the lines it shows (a gap, a page just opened): ask for the rest.
  const wanted = Math.max(0, length - LOG_SHOWN);
  if (gameLog.start > wanted && gameLog.lines.length < LOG_SHOWN / 2) askLog(wanted);
  drawLog();
}

async function askLog(from) {
  if (gameLog.asking) return;
  gameLog.asking = true;
  const key = gameLog.key;
  const to = gameLog.start;
  let got = [];
  try {
    for (let at = from; at !== null && at < to; ) {
      const answer = await (await fetch(`/api/log?from=${at}`, { cache: "no-store" })).json();
      if (answer.key !== key) return; // the log changed meanwhile: the next update says how
      got = got.concat(answer.lines);
      at = answer.next;
    }
  } catch (error) {
    return; // asked again with the next update
  } finally {
    gameLog.asking = false;
  }
  if (gameLog.key !== key || gameLog.start !== to || got.length < to - from) return;
  gameLog.lines = got.slice(0, to - from).concat(gameLog.lines);
  gameLog.start = from;
  drawLog();
}

function drawLog() {
  fill("log-title", t("log"));
  const shown = gameLog.lines.slice(-LOG_SHOWN).concat(gameLog.notices);
  const list = fill("log", ...shown.map((line) => el("li", null, line)));
  list.scrollTop = list.scrollHeight;
}

function drawStanding(picture) {
  const rows = picture.summary || [];
  show("standing-box", rows.length > 0);
  fill("standing-title", picture.summary_title || "");
  fill("standing", ...rows.map(summaryRow));
}

function drawOver(view, picture) {
  const names = picture.winner || [];
  show("over", names.length > 0);
  if (!names.length) return;
  fill("over-title", t("over"));
  fill("winner", `${t("winner")}: ${names.join(" & ")}`);
  const data = picture.chart;
  const bars = el("div", "meters", ...(picture.summary || []).map(summaryRow));
  fill("chart", data ? chart(data.series, data.top, data.caption) : bars);
}

function draw(payload) {
  setLanguage(payload.language);
  const view = payload.view || {};
  const picture = payload.picture || {};
  document.title = payload.title ? `${payload.title} · Sigillum` : "Sigillum";
  fill("title", payload.title || t("no_game"));
  drawClock(picture, payload.phase_label);
  drawNow(payload);
  drawSaid(payload.said || []);
  drawOver(view, picture);
  drawStanding(picture);
  fill("parts", ...(picture.sections || []).map(section));
  takeLog(payload);
  document.body.dataset.head = String(payload.head ?? "");
}

document.addEventListener("DOMContentLoaded", () => {
  statusLine("connecting");
  live("/ws/public", "/api/public", draw, statusLine);
});
