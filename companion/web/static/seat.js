// A seat's private page: its prompt as big buttons and simple forms, its own view (hands,
// vote, creatures), actions posted with the head they were chosen at. The page's address
// holds the seat's token: /seat/{token}.
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

// A vote's button says its condition (the server's label says only "vote"), and which hand
// when the seat has more than one.
function choiceLabel(choice, hands) {
  const condition = choice.action?.condition;
  if (!condition) return choice.label;
  const hand = hands > 1 && choice.action.hand ? ` · ${t("hand")} ${choice.action.hand}` : "";
  return `${conditionName(condition)}${hand}`;
}

function choiceButton(choice, hands) {
  const condition = choice.action?.condition;
  const button = el("button", condition ? `big cond-${condition}` : "big", choiceLabel(choice, hands));
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

// Options that leave the field's key out of the action ("keep this part as it is"): the
// field's own list (omit); on a box older than that, the games' words for it (Manus's
// "keep", the card library's "as printed", "varies" and "?").
const OMITTED = ["keep", "as_printed", "varies", "?"];

// Is the field asked, given the values of the fields before it (only_if: [key, values])?
function asked(field, values) {
  if (!field.only_if) return true;
  const [key, wanted] = field.only_if;
  return wanted.map(String).includes(String(values[key]));
}

// Which creature's ability an entry is for, from the view (the entry's own words say only
// what is entered: "An ability: its preparation time").
function entryTitle(entry, view) {
  const { creature, ability } = entry.action || {};
  if (!creature) return null;
  for (const seat of view.seats || []) {
    for (const card of seat.creatures || []) {
      if (card.id !== creature) continue;
      const named = (card.abilities || []).find((a) => a.id === ability);
      return named ? `${card.name}: ${named.name}` : card.name;
    }
  }
  return null;
}

function entryForm(entry, view) {
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
  const title = entryTitle(entry, view);
  form.append(el("h3", null, title || entry.label), rows, ok);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const action = structuredClone(entry.action);
    for (const field of entry.fields) {
      const omitted = (field.omit ?? OMITTED).map(String).includes(String(values[field.key]));
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
  const ask = JSON.stringify([prompt.mine, choices, entries]);
  if (ask === drawnAsk) return;
  drawnAsk = ask;
  const hands = new Set(choices.map((choice) => choice.action?.hand)).size;
  fill("choices", ...(prompt.mine ? choices.map((choice) => choiceButton(choice, hands)) : []));
  fill("entries", ...(prompt.mine ? entries.map((entry) => entryForm(entry, view)) : []));
}

// --- the seat's own view ---------------------------------------------------------------

// A Manus element card: its type and, when it has them, its two conditions.
function elementWords(element) {
  if (typeof element !== "object") return humanise(element);
  const conditions = element.conditions
    ? ` (${conditionName(element.conditions.temperature)} · ${conditionName(element.conditions.humidity)})`
    : "";
  return `${humanise(element.type)}${conditions}`;
}

function mineManus(payload, view) {
  const hands = (view.hands || []).filter((hand) => hand.seat === payload.seat);
  const rows = [];
  const seat = (view.seats || []).find((s) => s.seat === payload.seat);
  if (seat && seat.score !== undefined) {
    rows.push(meter(t("points"), seat.score, view.win_score, `seat-${(seat.seat - 1) % 4}`));
  }
  for (const hand of hands) {
    const lines = [];
    if (hands.length > 1) lines.push(el("h3", null, `${t("hand")} ${hand.hand}`));
    if (view.vote?.open || hand.vote) {
      const vote = hand.vote
        ? el("span", `chip cond-${hand.vote}`, conditionName(hand.vote))
        : el("span", "quiet", hand.voted ? `✓ ${t("voted")}` : t("not_voted"));
      lines.push(el("p", "my-vote", `${t("your_vote")}: `, vote));
    }
    const parts = Object.entries(hand.elements || {}).filter(([, element]) => element);
    for (const [part, element] of parts) {
      lines.push(el("p", null, `${t("elements")[part] ?? part}: ${elementWords(element)}`));
    }
    if (hand.target) {
      const need = hand.target_need ? ` (${hand.target_need})` : "";
      const target = hand.target === "none" ? t("no_target") : humanise(hand.target);
      lines.push(el("p", null, `${t("target")}: ${target}${need}`));
    }
    if (hand.strength !== null && hand.strength !== undefined) {
      lines.push(el("p", null, `${t("strength")}: ${hand.strength}`));
    }
    rows.push(el("div", "card-box", ...lines));
  }
  return rows;
}

function mineCreatures(payload, view) {
  const seat = (view.seats || []).find((s) => s.seat === payload.seat);
  if (!seat) return [];
  const rows = [];
  if (seat.castle_damage !== undefined) {
    const castle = seat.castle ? humanise(seat.castle) : t("damage");
    rows.push(
      meter(castle, seat.castle_damage, seat.scale_length || view.scale_length, "seat-0"),
    );
  } else if (seat.score !== undefined) {
    rows.push(meter(t("points"), seat.score, view.win_score, "seat-0"));
  }
  if (seat.creatures?.length) {
    rows.push(el("h3", null, t("creatures")));
    rows.push(
      el(
        "ul",
        "creatures",
        ...seat.creatures.map((creature) =>
          el(
            "li",
            null,
            el("b", null, creature.name),
            ` ${creature.vitality - (creature.wounds || 0)}/${creature.vitality}`,
            ...(creature.abilities || []).map((ability) =>
              el(
                "span",
                ability.ready ? "ability ready" : "ability",
                ability.ready
                  ? `${ability.name}: ${t("ready")}`
                  : `${ability.name}: ${t("returns")} ${ability.returns_at_period}`,
              ),
            ),
          ),
        ),
      ),
    );
  }
  return rows;
}

function drawMine(payload) {
  const view = payload.view || {};
  const rows = view.game === "manus" ? mineManus(payload, view) : mineCreatures(payload, view);
  show("mine-box", rows.length > 0);
  fill("mine-title", t("you"));
  fill("mine", ...rows);
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
