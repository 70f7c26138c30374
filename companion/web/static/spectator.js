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

function drawLog(lines) {
  fill("log-title", t("log"));
  const list = fill("log", ...lines.slice(-60).map((line) => el("li", null, line)));
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
  drawLog(payload.log || []);
  document.body.dataset.head = String(payload.head ?? "");
}

document.addEventListener("DOMContentLoaded", () => {
  statusLine("connecting");
  live("/ws/public", "/api/public", draw, statusLine);
});
