// Shared by the spectator page and the seat page: words in EN/RU, building elements
// without innerHTML (every text goes in as text, so a name cannot inject markup), the live
// connection (WebSocket with backoff, polling while it is down) and the victory chart.
"use strict";

const WORDS = {
  en: {
    connecting: "connecting…",
    live: "live",
    reconnecting: "connection lost: trying again (updates every few seconds meanwhile)",
    forbidden: "this link is not valid for this game: scan the seat's code on the box again",
    gone: "that is no longer possible",
    too_fast: "too many presses: wait a moment",
    failed: "not sent: check the network and try again",
    turn: "Turn",
    said: "Just now",
    log: "Game log",
    seat: "Seat",
    winner: "Winner",
    over: "Game over",
    your_turn: "Your move",
    waiting_for: "Waiting for",
    nothing_to_do: "Nothing to do right now",
    you: "You",
    ok: "OK",
    less: "one less",
    more: "one more",
    no_game: "no game on the table",
    replay: "Replay",
    replaying: "replay",
    back_live: "Back to live",
    play: "Play",
    pause: "Pause",
    step: "Step",
    game: "Game",
    to_start: "to the start",
    step_back: "one step back",
    step_forward: "one step forward",
    to_end: "to the end",
    on_table: "on the table",
    finished: "finished",
    unfinished: "unfinished",
    actions: "actions",
    no_games: "no games in the journal yet",
  },
  ru: {
    connecting: "соединение…",
    live: "на связи",
    reconnecting: "связь потеряна: пробуем снова (пока обновляем раз в несколько секунд)",
    forbidden: "эта ссылка не подходит к этой игре: отсканируйте код места на коробке снова",
    gone: "это уже невозможно",
    too_fast: "слишком много нажатий: подождите немного",
    failed: "не отправлено: проверьте сеть и попробуйте снова",
    turn: "Ход",
    said: "Только что",
    log: "Журнал игры",
    seat: "Место",
    winner: "Победитель",
    over: "Игра окончена",
    your_turn: "Ваш ход",
    waiting_for: "Ждём",
    nothing_to_do: "Сейчас делать нечего",
    you: "Вы",
    ok: "Готово",
    less: "на один меньше",
    more: "на один больше",
    no_game: "на столе нет игры",
    replay: "Повтор",
    replaying: "повтор",
    back_live: "К игре",
    play: "Пуск",
    pause: "Пауза",
    step: "Шаг",
    game: "Игра",
    to_start: "в начало",
    step_back: "шаг назад",
    step_forward: "шаг вперёд",
    to_end: "в конец",
    on_table: "на столе",
    finished: "окончена",
    unfinished: "не окончена",
    actions: "действий",
    no_games: "в журнале ещё нет игр",
  },
};

// The language of the last payload; the pages' own words follow the table's.
let language = "en";

function setLanguage(code) {
  language = WORDS[code] ? code : "en";
  document.documentElement.lang = language;
}

function t(key) {
  return WORDS[language][key] ?? WORDS.en[key] ?? key;
}

// el("p", "said", "text", child, ...): an element with a class and children (strings are text).
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function fill(id, ...children) {
  const node = document.getElementById(id);
  node.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

function show(id, visible) {
  document.getElementById(id).hidden = !visible;
}

function humanise(word) {
  return String(word ?? "").replaceAll("_", " ");
}

// A seat's name from the view's seats, else "Seat N".
function seatName(view, seat) {
  for (const item of view?.seats || []) {
    if (item && item.seat === seat && item.name) return item.name;
  }
  return `${t("seat")} ${seat}`;
}

// The live feed of one page: a WebSocket pushing the payload on every change; while it is
// down, the JSON endpoint polled every few seconds, and the socket tried again with a
// growing wait (0.5 s doubling to 15 s). onData(payload); onStatus("live" | "reconnecting"
// | "forbidden"). Returns { refresh } to fetch the payload now (after a refused action).
function live(wsPath, apiPath, onData, onStatus) {
  let wait = 500;
  let poller = null;
  let stopped = false;

  function refresh() {
    return fetch(apiPath, { cache: "no-store" })
      .then((response) => {
        if (response.status === 403) {
          stopped = true;
          onStatus("forbidden");
          return null;
        }
        return response.ok ? response.json() : null;
      })
      .then((payload) => payload && onData(payload))
      .catch(() => {});
  }

  function startPolling() {
    if (poller === null && !stopped) poller = setInterval(refresh, 3000);
  }

  function stopPolling() {
    if (poller !== null) clearInterval(poller);
    poller = null;
  }

  function connect() {
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}${wsPath}`);
    } catch {
      retry();
      return;
    }
    socket.onopen = () => {
      wait = 500;
      stopPolling();
      onStatus("live");
    };
    socket.onmessage = (message) => {
      try {
        onData(JSON.parse(message.data));
      } catch {
        /* a garbled frame: the next one or the poll brings the state */
      }
    };
    socket.onclose = () => retry();
  }

  function retry() {
    if (stopped) return;
    onStatus("reconnecting");
    refresh().then(startPolling);
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 15000);
  }

  refresh(); // something on the page at once, whatever the socket does
  connect();
  return { refresh };
}

function statusLine(status) {
  const node = document.getElementById("status");
  node.textContent = t(status);
  node.className = `status status-${status}`;
}

// The victory chart: one line per seat (or side) over periods/rounds, as inline SVG.
// series: [{ name, seat, points: [[x, y], ...] }]; top: the y axis' top.
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function chart(series, top, caption) {
  const width = 560;
  const height = 260;
  const left = 40;
  const right = 130;
  const topPad = 28;
  const bottom = 30;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const xMin = Math.min(0, ...xs);
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(1, top || 0, ...series.flatMap((s) => s.points.map((p) => p[1])));
  const x = (v) => left + ((v - xMin) / (xMax - xMin)) * (width - left - right);
  const y = (v) => height - bottom - (v / yMax) * (height - topPad - bottom);
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart",
    role: "img",
    "aria-label": caption,
  });
  root.append(svg("text", { x: left, y: 18, class: "chart-caption" }, caption));
  root.append(svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), class: "axis" }));
  root.append(svg("line", { x1: left, y1: y(0), x2: left, y2: y(yMax), class: "axis" }));
  root.append(svg("text", { x: left - 6, y: y(yMax) + 4, class: "tick tick-y" }, yMax));
  root.append(svg("text", { x: left - 6, y: y(0) + 4, class: "tick tick-y" }, 0));
  const step = Math.max(1, Math.ceil((xMax - xMin) / 10));
  for (let v = xMin; v <= xMax; v += step) {
    root.append(svg("text", { x: x(v), y: height - 10, class: "tick tick-x" }, v));
  }
  series.forEach((line, index) => {
    const colour = `seat-stroke-${((line.seat || index + 1) - 1) % 4}`;
    const path = line.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`);
    if (path.length > 1) {
      root.append(svg("polyline", { points: path.join(" "), class: `series ${colour}` }));
    }
    for (const p of line.points) {
      root.append(svg("circle", { cx: x(p[0]), cy: y(p[1]), r: 3, class: `dot ${colour}` }));
    }
    const last = line.points[line.points.length - 1];
    const label = last ? `${line.name}: ${last[1]}` : line.name;
    root.append(
      svg(
        "text",
        { x: width - right + 8, y: topPad + 16 + index * 20, class: `legend ${colour}` },
        label,
      ),
    );
  });
  return root;
}

// One labelled bar: "name  value / top".
function meter(label, value, top, colourClass) {
  const bar = el("progress", `meter-bar ${colourClass || ""}`);
  bar.max = Math.max(1, Number(top) || 1);
  bar.value = Math.min(bar.max, Number(value) || 0);
  return el(
    "div",
    "meter",
    el("span", "meter-label", label),
    bar,
    el("span", "meter-value", top ? `${value} / ${top}` : String(value)),
  );
}
