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

// A dotted key sets a nested value: "abilities.0.prep".
function setPath(target, key, value) {
  const parts = key.split(".");
  let node = target;
  parts.slice(0, -1).forEach((part, index) => {
    const next = /^\d+$/.test(parts[index + 1]) ? [] : {};
    node[part] ??= next;
    node = node[part];
  });
  node[parts[parts.length - 1]] = value;
}

function intField(field, values, onChange) {
  const low = field.low ?? 0;
  const high = field.high ?? 99;
  const number = el("input", "number");
  number.type = "number";
  number.inputMode = "numeric";
  number.min = low;
  number.max = high;
  number.value = values[field.key];
  number.setAttribute("aria-label", field.label);
  const set = (value) => {
    const clamped = Math.min(high, Math.max(low, Number.isFinite(value) ? value : low));
    values[field.key] = clamped;
    number.value = clamped;
    onChange();
  };
  number.addEventListener("change", () => set(parseInt(number.value, 10)));
  const minus = el("button", "step", "−");
  minus.type = "button";
  minus.setAttribute("aria-label", t("less"));
  minus.addEventListener("click", () => set(values[field.key] - 1));
  const plus = el("button", "step", "+");
  plus.type = "button";
  plus.setAttribute("aria-label", t("more"));
  plus.addEventListener("click", () => set(values[field.key] + 1));
  return el("div", "stepper", minus, number, plus);
}

function choiceField(field, values, onChange) {
  const group = el("div", "options");
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-label", field.label);
  const mark = () => {
    for (const button of group.children) {
      const on = button.dataset.value === String(values[field.key]);
      button.classList.toggle("picked", on);
      button.setAttribute("aria-checked", String(on));
    }
  };
  for (const option of field.options || []) {
    const button = el("button", "option", option.label);
    button.type = "button";
    button.setAttribute("role", "radio");
    button.dataset.value = String(option.value);
    button.addEventListener("click", () => {
      values[field.key] = option.value;
      mark();
      onChange();
    });
    group.append(button);
  }
  mark();
  return group;
}

function textField(field, values) {
  const input = el("input", "text");
  input.type = "text";
  input.autocomplete = "off";
  input.value = values[field.key] ?? "";
  if (field.high) input.maxLength = field.high;
  input.setAttribute("aria-label", field.label);
  input.addEventListener("input", () => {
    values[field.key] = input.value;
  });
  return input;
}

// Is the field asked, given the values of the fields before it (only_if: [key, values])?
function asked(field, values) {
  if (!field.only_if) return true;
  const [key, wanted] = field.only_if;
  return wanted.map(String).includes(String(values[key]));
}

function entryForm(entry, picture) {
  const values = {};
  for (const field of entry.fields) {
    const first = field.kind === "choice" ? field.options?.[0]?.value : field.low;
    values[field.key] = field.default ?? first ?? "";
  }
  const form = el("form", "entry");
  const rows = el("div", "fields");
  const drawFields = () => {
    rows.replaceChildren(
      ...entry.fields
        .filter((field) => asked(field, values))
        .map((field) => {
          const input =
            field.kind === "int"
              ? intField(field, values, drawFields)
              : field.kind === "choice"
                ? choiceField(field, values, drawFields)
                : textField(field, values);
          return el("label", "field", el("span", "field-label", field.label), input);
        }),
    );
  };
  drawFields();
  const ok = el("button", "big primary", t("ok"));
  ok.type = "submit";
  // The game's picture may say what the entry is for ("Illesbra: Temptation").
  const title = actionLook(picture, entry.action)?.label;
  form.append(el("h3", null, title || entry.label), rows, ok);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const action = structuredClone(entry.action);
    for (const field of entry.fields) {
      const omitted = (field.omit ?? []).map(String).includes(String(values[field.key]));
      if (asked(field, values) && !omitted) setPath(action, field.key, values[field.key]);
    }
    act(action);
  });
  return form;
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
  fill("entries", ...(prompt.mine ? entries.map((entry) => entryForm(entry, picture)) : []));
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
