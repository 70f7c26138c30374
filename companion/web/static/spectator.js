// The spectator page: the public payload (/api/public, /ws/public) drawn as it comes, and
// the replay of any game of the journal drawn by the same functions (docs/phones.md).
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
  if (replay.on) return; // the log column shows the replay's
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

// The game as a payload shows it: the live public payload, or a step of a replay (the same
// keys: its view, picture, prompt and phase, and the lines said of its last action).
function drawGame(payload) {
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
  document.body.dataset.head = String(payload.head ?? "");
}

function drawLive(payload) {
  drawGame(payload);
  takeLog(payload);
  fill("replay-toggle", t("replay"));
}

// The latest live payload: drawn as it comes, unless a replay is on the page (then drawn
// when the replay is closed).
let livePayload = null;
let liveStatus = "connecting";

function draw(payload) {
  livePayload = payload;
  if (replay.on) {
    takeLog(payload); // kept up to date, drawn when the replay is closed
    followLive(payload);
    return;
  }
  drawLive(payload);
}

// --- the replay: any game of the journal, step by step (/api/games, /api/replay/{id}) ---

const PLAY_EVERY = 900; // ms between two steps while playing
const replay = {
  on: false,
  games: [],
  gameId: null, // the game shown
  current: null, // the game on the table
  step: 0, // the step shown
  of: 0,
  wanted: 0, // the step asked for (the scrubber may run ahead of the answers)
  asking: false,
  timer: null,
  at: "", // when the step shown was played
};

async function getJson(path) {
  const response = await fetch(path, { cache: "no-store" });
  const body = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, body };
}

function replayError(words) {
  show("replay-error", Boolean(words));
  fill("replay-error", words || "");
}

async function openReplay() {
  replay.on = true;
  document.body.classList.add("replaying");
  show("replay", true);
  fill("replay-toggle", t("back_live"));
  statusLine("replaying");
  const answer = await getJson("/api/games").catch(() => null);
  if (!replay.on) return;
  if (!answer || !answer.ok) {
    replayError(answer?.body?.error || t("failed"));
    return;
  }
  replay.games = answer.body.games || [];
  replay.current = answer.body.current ?? null;
  const pick = document.getElementById("replay-game");
  pick.replaceChildren(...replay.games.map(gameOption));
  if (!replay.games.length) {
    replayError(t("no_games"));
    return;
  }
  const first = replay.games.find((g) => g.game_id === replay.current) || replay.games[0];
  pick.value = String(first.game_id);
  chooseGame(first.game_id);
}

function gameOption(game) {
  let state = game.status === "finished" ? t("finished") : t("unfinished");
  if (game.game_id === replay.current) state = t("on_table");
  const words = [`#${game.game_id} ${game.title}`, (game.players || []).join(", "), state];
  words.push(`${t("actions")}: ${game.actions}`);
  const option = el("option", null, words.filter(Boolean).join(" · "));
  option.value = String(game.game_id);
  return option;
}

// A game opens at its start; the game on the table where it is now.
function chooseGame(id) {
  const game = replay.games.find((g) => g.game_id === id);
  if (!game) return;
  pause();
  replay.gameId = id;
  replay.of = game.actions;
  replay.step = -1;
  replayError("");
  goTo(id === replay.current ? game.actions : 0);
}

function closeReplay() {
  pause();
  replay.on = false;
  replay.gameId = null;
  document.body.classList.remove("replaying");
  show("replay", false);
  show("replay-chart-box", false);
  statusLine(liveStatus);
  if (livePayload) drawLive(livePayload);
  else fill("replay-toggle", t("replay"));
  drawLog();
}

function goTo(step) {
  if (replay.gameId === null) return;
  replay.wanted = Math.max(0, Math.min(step, replay.of));
  drawBar();
  askStep();
}

// One question at a time; the scrubber's latest step is asked when the answer comes.
async function askStep() {
  if (replay.asking) return;
  replay.asking = true;
  try {
    while (replay.on && replay.gameId !== null && replay.wanted !== replay.step) {
      const id = replay.gameId;
      const wanted = replay.wanted;
      const answer = await getJson(`/api/replay/${id}?step=${wanted}`);
      if (!replay.on || replay.gameId !== id) continue;
      if (!answer.ok) {
        if (answer.body.of !== undefined && answer.body.of !== replay.of) {
          replay.of = answer.body.of; // the game on the table was undone meanwhile
          replay.wanted = Math.min(replay.wanted, replay.of);
          continue;
        }
        replayError(answer.body.error || t("failed"));
        pause();
        break;
      }
      replayError("");
      drawStep(answer.body);
    }
  } catch (error) {
    replayError(t("failed"));
    pause();
  } finally {
    replay.asking = false;
  }
}

function drawStep(payload) {
  replay.step = payload.step;
  replay.of = Math.max(replay.of, payload.of);
  drawGame(payload);
  const over = (payload.picture?.winner || []).length > 0;
  show("replay-chart-box", Boolean(payload.chart) && !over);
  fill("replay-chart", payload.chart ? chart(payload.chart.series, payload.chart.top, payload.chart.caption) : "");
  fill("log-title", t("log"));
  const list = fill("log", ...(payload.log || []).map((line) => el("li", null, line)));
  list.scrollTop = list.scrollHeight;
  document.body.dataset.step = String(payload.step);
  fill("replay-toggle", t("back_live"));
  statusLine("replaying");
  replay.at = payload.at || "";
  drawBar();
}

function drawBar() {
  const scrub = document.getElementById("replay-scrub");
  scrub.max = String(replay.of);
  scrub.value = String(replay.wanted);
  const at = replay.at && replay.step === replay.wanted ? ` · ${replay.at.slice(11, 16)} UTC` : "";
  fill("replay-where", `${t("step")} ${replay.wanted} / ${replay.of}${at}`);
  fill("replay-play", replay.timer === null ? t("play") : t("pause"));
  document.getElementById("replay-play").setAttribute("aria-pressed", String(replay.timer !== null));
  const labels = {
    "replay-start": "to_start",
    "replay-back": "step_back",
    "replay-forward": "step_forward",
    "replay-end": "to_end",
  };
  for (const [id, key] of Object.entries(labels)) {
    document.getElementById(id).setAttribute("aria-label", t(key));
  }
  document.getElementById("replay-game").setAttribute("aria-label", t("game"));
  scrub.setAttribute("aria-label", t("step"));
}

// Play: a step every PLAY_EVERY ms from where it is (from the start when at the end),
// paused at the end.
function play() {
  if (replay.timer !== null || replay.gameId === null) return;
  if (replay.wanted >= replay.of) goTo(0);
  replay.timer = setInterval(() => {
    if (replay.asking) return; // the step before is still on its way
    if (replay.wanted >= replay.of) pause();
    else goTo(replay.wanted + 1);
  }, PLAY_EVERY);
  drawBar();
}

function pause() {
  if (replay.timer !== null) clearInterval(replay.timer);
  replay.timer = null;
  if (replay.on) drawBar();
}

// The game on the table moves on while it is replayed: its end follows (an undo shortens it).
function followLive(payload) {
  const id = Number(String(payload.log_key || "").split(".")[0]);
  if (!replay.on || id !== replay.gameId || typeof payload.head !== "number") return;
  replay.of = payload.head;
  const game = replay.games.find((g) => g.game_id === id);
  if (game) game.actions = payload.head;
  if (replay.wanted > replay.of) goTo(replay.of);
  else drawBar();
}

function onKey(event) {
  if (!replay.on || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target?.tagName === "SELECT") return; // the arrows choose another game there
  const moves = {
    ArrowLeft: () => goTo(replay.wanted - 1),
    ArrowRight: () => goTo(replay.wanted + 1),
    Home: () => goTo(0),
    End: () => goTo(replay.of),
    " ": () => (replay.timer === null ? play() : pause()),
  };
  const move = moves[event.key];
  if (!move) return;
  if (event.key === " " && event.target?.tagName === "BUTTON") return; // its own click
  event.preventDefault(); // the scrubber would move a second step
  if (event.key !== " ") pause();
  move();
}

function wireReplay() {
  const on = (id, kind, handler) => document.getElementById(id).addEventListener(kind, handler);
  on("replay-toggle", "click", () => (replay.on ? closeReplay() : openReplay()));
  on("replay-game", "change", (event) => chooseGame(Number(event.target.value)));
  on("replay-scrub", "input", (event) => {
    const step = Number(event.target.value); // before pause() draws the bar again
    pause();
    goTo(step);
  });
  on("replay-start", "click", () => {
    pause();
    goTo(0);
  });
  on("replay-back", "click", () => {
    pause();
    goTo(replay.wanted - 1);
  });
  on("replay-forward", "click", () => {
    pause();
    goTo(replay.wanted + 1);
  });
  on("replay-end", "click", () => {
    pause();
    goTo(replay.of);
  });
  on("replay-play", "click", () => (replay.timer === null ? play() : pause()));
  document.addEventListener("keydown", onKey);
  fill("replay-toggle", t("replay"));
}

document.addEventListener("DOMContentLoaded", () => {
  statusLine("connecting");
  wireReplay();
  live("/ws/public", "/api/public", draw, (status) => {
    liveStatus = status;
    if (!replay.on) statusLine(status);
  });
});
