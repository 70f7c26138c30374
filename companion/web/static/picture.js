// A game's picture (the payload's "picture", made by the game's own spec) drawn without
// knowing the game: its standings as meters or lines, and its sections, each a title and
// blocks (a heading, meters, a grid of cells with pips, a list of lines with parts, a
// line of text). Colours are a seat's ("seat": N) or a named tone ("tone": "red").
// docs/phones.md describes the shape.
"use strict";

function toneClass(item) {
  const classes = [];
  if (item?.seat) classes.push(`seat-${(item.seat - 1) % 4}`);
  if (item?.tone) classes.push(`tone-${item.tone}`);
  if (item?.quiet) classes.push("quiet");
  return classes.join(" ");
}

// A standings row: a meter when it counts towards a top, else its label and value.
function summaryRow(row) {
  if (typeof row.value === "number") {
    return meter(row.label, row.value, row.top, toneClass({ seat: row.seat }));
  }
  return el(
    "div",
    "meter meter-words",
    el("span", `meter-label ${toneClass({ seat: row.seat })}`, row.label),
    el("span", "meter-value", row.value),
  );
}

function part(item) {
  return el("span", `part ${toneClass(item)}`, item.text);
}

function line(item) {
  const classes = ["line", item.seat ? `seat-edge-${(item.seat - 1) % 4}` : "", toneClass({ tone: item.tone })];
  return el("li", classes.filter(Boolean).join(" "), el("span", "line-text", item.text), ...(item.parts || []).map(part));
}

function cell(item) {
  const classes = ["cell", item.mark ? "cell-mark" : "", toneClass({ tone: item.tone })];
  return el(
    "div",
    classes.filter(Boolean).join(" "),
    el("span", "cell-name", item.text),
    ...(item.pips || []).map((pip) => el("span", `pip ${pip.seat ? toneClass(pip) : "pip-mark"}`, pip.text)),
  );
}

function block(item) {
  let node;
  if (item.heading !== undefined) node = el("h3", null, item.heading);
  else if (item.meters) node = el("div", "meters", ...item.meters.map(summaryRow));
  else if (item.cells) {
    node = el("div", "cells", ...item.cells.map(cell));
    node.style.setProperty("--columns", String(item.columns || item.cells.length || 1));
  } else if (item.lines) {
    node = el("ul", item.columns ? "lines lines-wide" : "lines", ...item.lines.map(line));
  } else node = el("p", toneClass(item), item.text);
  if (item.part) node.dataset.part = item.part;
  return node;
}

// A section of the game's own: its title and blocks; "beside": the first block on the
// left of the others (a board and what is said of it).
function section(item) {
  const blocks = (item.blocks || []).map(block);
  const body = item.beside && blocks.length > 1
    ? [el("div", "beside", blocks[0], el("div", "beside-rest", ...blocks.slice(1)))]
    : blocks;
  const node = el("section", "part-box", el("h2", null, item.title || ""), ...body);
  if (item.part) node.dataset.part = item.part;
  return node;
}

// The label and tone a seat's choice or entry gets from the game's picture ("actions":
// [{when: {key: value}, label, tone}]): the first whose every key the action has.
function actionLook(picture, action) {
  for (const look of picture?.actions || []) {
    const when = Object.entries(look.when || {});
    if (when.length && when.every(([key, value]) => action?.[key] === value)) return look;
  }
  return null;
}
