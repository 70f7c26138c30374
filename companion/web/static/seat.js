// A seat's private page: its prompt as big buttons and simple forms, what its game shows
// this seat of its own (the picture's sections: picture.js), actions posted with the head
// they were chosen at. The page's address holds the seat's token: /seat/{token}.
"use strict";

const TOKEN = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const API = `/api/seat/${encodeURIComponent(TOKEN)}`;
let current = null; // the last payload
let feed = null;
let sending = false;
let noticeTimer = null;
let drawnAsk = ""; // the choices and entries on the page: redrawn only when they change

function notice(message) {
  const node = document.getElementById("notice");
  node.textContent = message;
  node.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    node.hidden = true;
  }, 4000);
}

function hideNotice() {
  clearTimeout(noticeTimer);
  document.getElementById("notice").hidden = true;
}

function setSending(value) {
  sending = value;
  for (const button of document.querySelectorAll("#prompt-box button")) button.disabled = value;
}

async function act(action) {
  if (sending || !current) return;
  setSending(true);
  try {
    const response = await fetch(`${API}/action`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action, head: current.head }),
    });
    if (response.ok) {
      hideNotice(); // an earlier refusal is stale once an action went through
    } else if (response.status === 409) {
      notice(t("gone"));
      await feed.refresh();
    } else if (response.status === 429) {
      notice(t("too_fast"));
    } else if (response.status === 403) {
      statusLine("forbidden");
    } else {
      notice(t("failed"));
    }
  } catch {
    notice(t("failed"));
  } finally {
    setSending(false);
  }
}

// --- the prompt ----------------------------------------------------------------------------

// A choice's button says what the game's picture says of it (in the game's colour for
// it), else the server's label.
function choiceButton(choice, picture) {
  const look = actionLook(picture, choice.action);
  const tone = look?.tone ? ` tone-${look.tone}` : "";
  const button = el("button", `big${tone}`, look?.label || choice.label);
  button.type = "button";
  button.addEventListener("click", () => act(choice.action));
  return button;
}

function drawPrompt(payload) {
  const prompt = payload.prompt || {};
  const view = payload.view || {};
  const choices = prompt.choices || [];
  const entries = prompt.entries || [];
  const asking = prompt.mine && (choices.length || entries.length);
  document.getElementById("prompt-box").classList.toggle("asking", Boolean(asking));
  let title = t("nothing_to_do");
  if (asking) title = t("your_turn");
  else if (prompt.seat && prompt.seat !== payload.seat) {
    title = `${t("waiting_for")} ${seatName(view, prompt.seat)}`;
  }
  fill("prompt-title", title);
  fill("prompt", prompt.text || "");
  // A push while a value is being entered must not reset the form: same ask, same form.
  const ask = JSON.stringify([prompt.mine, choices, entries, payload.picture?.actions]);
  if (ask === drawnAsk) return;
  drawnAsk = ask;
  const picture = payload.picture || {};
  fill("choices", ...(prompt.mine ? choices.map((choice) => choiceButton(choice, picture)) : []));
  // The game's picture may say what an entry is for (which piece of the board it changes).
  const form = (entry) => entryForm(entry, actionLook(picture, entry.action)?.label, act);
  fill("entries", ...(prompt.mine ? entries.map(form) : []));
}

// --- what the game shows this seat of its own ------------------------------------------

function drawMine(payload) {
  fill("mine", ...(payload.picture?.sections || []).map(section));
}

function draw(payload) {
  if (!payload || payload.seat === undefined) return;
  current = payload;
  setLanguage(payload.language);
  document.title = `${payload.name || `${t("seat")} ${payload.seat}`} · ${payload.title || "Sigillum"}`;
  const who = fill("who", payload.name || `${t("seat")} ${payload.seat}`);
  who.className = `who seat-edge-${(payload.seat - 1) % 4}`;
  fill("title", [payload.title, payload.phase_label].filter(Boolean).join(" · "));
  drawPrompt(payload);
  drawMine(payload);
  const said = payload.said || [];
  show("said-box", said.length > 0);
  fill("said-title", t("said"));
  fill("said", ...said.map((line) => el("p", "said-line", line)));
  document.body.dataset.head = String(payload.head ?? "");
  if (sending) setSending(true);
}

document.addEventListener("DOMContentLoaded", () => {
  statusLine("connecting");
  feed = live(`/ws/seat/${encodeURIComponent(TOKEN)}`, API, draw, statusLine);
});
