// The spectator page: the public payload (/api/public, /ws/public) drawn as it comes.
// Drawing is a pure function of the payload: every section is rebuilt from it.
"use strict";

function drawClock(view, phaseLabel) {
  const parts = [];
  if (view.round) parts.push(`${t("round")} ${view.round}`);
  if (view.period) {
    parts.push(`${t("period")} ${view.period}${view.cycle ? `, ${t("cycle")} ${view.cycle}` : ""}`);
  }
  // The phase as the box's banner says it; the rules' own name for it on an older box.
  if (phaseLabel) parts.push(phaseLabel);
  else if (view.phase) parts.push(`${t("phase")}: ${humanise(view.phase)}`);
  fill("clock", parts.join(" · "));
}

function drawNow(payload) {
  const view = payload.view || {};
  const prompt = payload.prompt || {};
  // A secret vote is everyone's at once: no one's turn.
  const seat = prompt.kind === "vote" ? view.turn?.seat : (view.turn?.seat ?? prompt.seat);
  const name = view.winner ? null : (view.turn?.name ?? (seat ? seatName(view, seat) : null));
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

// Castle scales (damage against the scale's length) by side when sides are teams, else
// by seat; points against the goal for games on points.
function drawStanding(view) {
  const seats = view.seats || [];
  const rows = [];
  let title = t("scores");
  const teams = (view.sides || []).some((side) => (side.seats || []).length > 1);
  if (teams) {
    title = t("scales");
    for (const side of view.sides) {
      const names = side.name || side.seats.map((seat) => seatName(view, seat)).join(" + ");
      rows.push(meter(names, side.castle_damage, side.scale_length, `seat-${(side.side - 1) % 4}`));
    }
  } else if (seats.some((seat) => seat.castle_damage !== undefined)) {
    title = t("scales");
    for (const seat of seats) {
      const castle = seat.castle ? ` · ${humanise(seat.castle)}` : "";
      rows.push(
        meter(
          `${seat.name}${castle}`,
          seat.castle_damage,
          seat.scale_length || view.scale_length,
          `seat-${(seat.seat - 1) % 4}`,
        ),
      );
    }
  } else {
    for (const seat of seats) {
      const value = seat.score ?? seat.points;
      if (value === undefined) continue;
      rows.push(meter(seat.name, value, view.win_score, `seat-${(seat.seat - 1) % 4}`));
    }
  }
  show("standing-box", rows.length > 0);
  fill("standing-title", title);
  fill("standing", ...rows);
}

function tokenLine(view, token) {
  const owner = seatName(view, token.owner);
  const what = `${token.ability_name || humanise(token.ability)} (${token.creature_name || humanise(token.creature)})`;
  return el(
    "li",
    `token seat-edge-${(token.owner - 1) % 4}`,
    el("span", "token-what", what),
    el("span", "token-owner", owner),
    el("span", "token-returns", `${t("returns")} ${token.returns_at_period}`),
  );
}

// The sigil: its six sectors in a row, the sun's marked, each with its tokens.
function drawSigil(view) {
  const tokens = view.tokens;
  show("sigil-box", Array.isArray(tokens));
  if (!Array.isArray(tokens)) return;
  fill("sigil-title", t("sigil"));
  const sectors = view.sigil?.sectors || [];
  const sun = view.sigil?.sun_sector;
  fill(
    "sigil",
    ...sectors.map((sector) =>
      el(
        "div",
        sector.sector === sun ? "sector sector-sun" : "sector",
        el("span", "sector-number", sector.sector === sun ? `${sector.sector} ☀` : sector.sector),
        ...sector.tokens.map((token) =>
          el("span", `pip seat-${(token.owner - 1) % 4}`, token.returns_at_period),
        ),
      ),
    ),
  );
  const sorted = [...tokens].sort((a, b) => a.returns_at_period - b.returns_at_period);
  fill(
    "tokens",
    sorted.length
      ? el("ul", "tokens", ...sorted.map((token) => tokenLine(view, token)))
      : el("p", "quiet", t("no_tokens")),
  );
}

// Hand of Manus's test room: warm at the top and wet on the left, as on the box's
// screen and ring; the test site's token in its quadrant.
const ROOM = [
  ["warm", "wet"],
  ["warm", "dry"],
  ["cold", "wet"],
  ["cold", "dry"],
];

function drawRoom(view) {
  const present = view.game === "manus" && view.test_site !== undefined;
  show("room-box", present);
  if (!present) return;
  fill("room-title", t("room"));
  const site = view.test_site || {};
  fill(
    "room",
    ...ROOM.map(([temperature, humidity]) => {
      const here = site.temperature === temperature && site.humidity === humidity;
      return el(
        "div",
        `quadrant quadrant-${temperature}-${humidity}${here ? " quadrant-site" : ""}`,
        el("span", "quadrant-name", `${conditionName(temperature)} · ${conditionName(humidity)}`),
        here ? el("span", "site-token", "●") : null,
      );
    }),
  );
  const side = [];
  if (view.discovery) {
    side.push(el("p", null, `${t("discovery")}: ${humanise(view.discovery.id)}`));
  }
  const vote = view.vote || {};
  if (vote.open) {
    const voted = new Set(vote.voted || []);
    side.push(el("h3", null, t("votes")));
    side.push(
      el(
        "ul",
        "votes",
        ...(view.hands || [])
          .filter((hand) => hand.playing !== false)
          .map((hand) =>
            el(
              "li",
              hand.voted || voted.has(hand.hand) ? "vote vote-cast" : "vote vote-waiting",
              `${hand.name}: ${hand.voted || voted.has(hand.hand) ? `✓ ${t("voted")}` : `… ${t("waiting")}`}`,
            ),
          ),
      ),
    );
  }
  const reveal = view.last_reveal;
  side.push(el("h3", null, reveal ? `${t("reveal")} (${t("round")} ${reveal.round})` : t("reveal")));
  if (reveal) {
    side.push(
      el(
        "ul",
        "reveal",
        ...(reveal.cards || []).map((card) =>
          el(
            "li",
            `card card-${card.condition}`,
            `${seatName(view, card.seat)}: ${conditionName(card.condition)}`,
          ),
        ),
      ),
    );
    const before = reveal.site_before;
    const after = reveal.site_after;
    if (before && after) {
      const word = (s) => `${conditionName(s.temperature)} · ${conditionName(s.humidity)}`;
      side.push(el("p", "site-move", `${t("site_moved")}: ${word(before)} → ${word(after)}`));
    }
  } else {
    side.push(el("p", "quiet", t("no_reveal")));
  }
  fill("room-side", ...side);
}

function drawOver(view) {
  const winner = view.winner;
  show("over", Boolean(winner));
  if (!winner) return;
  fill("over-title", t("over"));
  const names = winner.names ? winner.names.join(" & ") : winner.name;
  fill("winner", `${t("winner")}: ${names}`);
  const data = chartOf(view);
  fill("chart", data ? chart(data.series, data.top, data.caption) : finalBars(view));
}

function draw(payload) {
  setLanguage(payload.language);
  const view = payload.view || {};
  document.title = payload.title ? `${payload.title} · Sigillum` : "Sigillum";
  fill("title", payload.title || t("no_game"));
  drawClock(view, payload.phase_label);
  drawNow(payload);
  drawSaid(payload.said || []);
  drawOver(view);
  drawStanding(view);
  drawSigil(view);
  drawRoom(view);
  drawLog(payload.log || []);
  document.body.dataset.head = String(payload.head ?? "");
}

document.addEventListener("DOMContentLoaded", () => {
  statusLine("connecting");
  live("/ws/public", "/api/public", draw, statusLine);
});
