// The forms of an entry (a seat's value entry, the table page's card): number steppers,
// option buttons and text fields built from the fields the server sends (docs/phones.md),
// shared by the seat page and the table page.
"use strict";

// A dotted key sets a nested value: "parts.0.size" is target.parts[0].size.
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
      onChange(field);
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

// An entry's form: its fields (each shown while its only_if holds), and OK, which hands
// onSubmit the entry's action with the values entered set in it (an option the field
// omits leaves its key out).
function entryForm(entry, title, onSubmit) {
  const values = {};
  for (const field of entry.fields) {
    const first = field.kind === "choice" ? field.options?.[0]?.value : field.low;
    values[field.key] = field.default ?? first ?? "";
  }
  const form = el("form", "entry");
  const rows = el("div", "fields");
  // A field whose default follows an earlier one (default_by: a card's strength once the
  // card is chosen) opens at that default again when the earlier one changes.
  const follow = (changed) => {
    for (const field of entry.fields) {
      const [key, pairs] = field.default_by ?? [];
      if (!changed || key !== changed.key) continue;
      const found = (pairs ?? []).find(([value]) => String(value) === String(values[key]));
      values[field.key] = found ? found[1] : field.default;
    }
  };
  const drawFields = (changed) => {
    follow(changed);
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
          // A list of options is a group, not one control: a <label> round it would name
          // its first option with every option's words.
          const tag = field.kind === "choice" ? "div" : "label";
          return el(tag, "field", el("span", "field-label", field.label), input);
        }),
    );
  };
  for (const field of entry.fields) follow(field);
  drawFields();
  const ok = el("button", "big primary", t("ok"));
  ok.type = "submit";
  form.append(el("h3", null, title || entry.label), rows, ok);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const action = structuredClone(entry.action);
    for (const field of entry.fields) {
      const omitted = (field.omit ?? []).map(String).includes(String(values[field.key]));
      if (asked(field, values) && !omitted) setPath(action, field.key, values[field.key]);
    }
    onSubmit(action);
  });
  return form;
}
