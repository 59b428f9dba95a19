// Double-dummy page: load, build or deal a deal, see its trick table, play it through with
// every card of the seat to play labelled with its double-dummy value.
import { request } from "./api.js";
import { cardFace, cardLabel, isRedSuit, suitSymbol } from "./cards.js";

const API = "/api/v1/doubledummy";
const SEATS = ["N", "E", "S", "W"];
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = ["S", "H", "D", "C"];
const RANKS = "AKQJT98765432";
const TABLE_STRAINS = ["C", "D", "H", "S", "N"];
const TABLE_SEATS = ["N", "S", "E", "W"];
const SOLVE_BUDGET_MS = 2000;
const TABLE_CELL_MS = 1000;
const $ = (id) => document.getElementById(id);

const state = {
  games: {},          // name -> {trump, objective, cards, ...} from /games
  start: null,        // the position the deal started from: {deal, leader, game, trump}
  pos: null,          // the position now: {deal, leader, played, to_play, finished}
  solved: null,       // the /solve answer for pos
  history: [],        // earlier {pos, score, tricks}, for undo
  score: {},          // side ("N/S") -> {tricks, points}
  tricks: [],         // completed tricks, in order
  cache: new Map(),   // position key -> /solve answer, so undo is instant
  seq: 0,             // bumped by every new deal so late answers for an old one are dropped
  building: {},       // card -> seat, in the deal builder
};

// ---------------------------------------------------------------- HTTP

function call(path, body) {
  return request(body === undefined ? "GET" : "POST", API + path, { body });
}

function positionBody(pos, start = state.start) {
  const body = { deal: pos.deal, leader: pos.leader, played: pos.played, game: start.game };
  if (start.trump !== null) body.trump = start.trump;
  return body;
}

async function solvePosition(pos, start = state.start) {
  const body = positionBody(pos, start);
  const key = JSON.stringify(body);
  if (!state.cache.has(key)) {
    const answer = await call("/solve", { ...body, values: "all", budget_ms: SOLVE_BUDGET_MS });
    state.cache.set(key, answer);
  }
  return state.cache.get(key);
}

function showError(err) {
  const box = $("message");
  box.textContent = err.detail || err.message;
  box.className = "message error";
  box.hidden = false;
}

function clearError() { $("message").hidden = true; }

async function busy(task) {
  document.body.dataset.busy = "true";
  draw();
  try {
    await task();
  } catch (err) {
    showError(err);
  } finally {
    document.body.dataset.busy = "false";
    draw();
  }
}

const isBusy = () => document.body.dataset.busy === "true";

// ---------------------------------------------------------------- deals

/** The hands of a PBN deal as {N: [codes], ...}. */
function pbnHands(pbn) {
  const [first, body] = pbn.split(":");
  const hands = { N: [], E: [], S: [], W: [] };
  body.trim().split(/\s+/).forEach((hand, i) => {
    const seat = SEATS[(SEATS.indexOf(first) + i) % 4];
    hand.split(".").forEach((ranks, s) => {
      for (const rank of ranks.replace("-", "")) hands[seat].push(rank + SUITS[s]);
    });
  });
  return hands;
}

/** PBN text of hands given as {N: [codes], ...}. */
function toPbn(hands) {
  const hand = (codes) => SUITS.map((suit) => codes.filter((c) => c[1] === suit).map((c) => c[0])
    .sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join("")).join(".");
  return "N:" + SEATS.map((seat) => hand(hands[seat])).join(" ");
}

function shuffled(cards) {
  const out = [...cards];
  const random = new Uint32Array(out.length);
  crypto.getRandomValues(random);
  for (let i = out.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function randomDeal() {
  const pack = currentGame().cards;
  const size = Math.min(Number($("dd-size").value), Math.floor(pack.length / 4));
  const cards = shuffled(pack);
  const hands = {};
  SEATS.forEach((seat, i) => { hands[seat] = cards.slice(i * size, (i + 1) * size); });
  return toPbn(hands);
}

function currentGame() { return state.games[$("dd-game").value] || { trump: "choose", cards: [] }; }

function chosenTrump() {
  return currentGame().trump === "choose" ? $("dd-trump").value : null;
}

/** Start playing a deal from its first trick with the chosen game, trump and leader. */
function begin(deal) {
  const seq = ++state.seq;
  clearError();
  const start = { deal: deal.trim(), leader: $("dd-leader").value, game: $("dd-game").value, trump: chosenTrump() };
  return busy(async () => {
    const pos = { deal: start.deal, leader: start.leader, played: [] };
    const solved = await solvePosition(pos, start);
    if (seq !== state.seq) return;
    start.deal = solved.deal;
    state.start = start;
    state.pos = { deal: solved.deal, leader: solved.leader, played: [], to_play: solved.to_play, finished: false };
    state.solved = solved;
    state.history = [];
    state.tricks = [];
    state.score = solved.side.length === 2
      ? { [solved.side.join("/")]: { tricks: 0, points: 0 },
          [SEATS.filter((s) => !solved.side.includes(s)).join("/")]: { tricks: 0, points: 0 } }
      : {};
    $("dd-pbn").value = solved.deal;
    loadTable(solved.deal, seq);
  });
}

async function loadTable(deal, seq) {
  $("dd-table").replaceChildren(drawTable(null));
  document.body.dataset.table = "loading";
  try {
    const table = await call("/table", { deal, budget_ms: TABLE_CELL_MS });
    if (seq !== state.seq) return;
    $("dd-table").replaceChildren(drawTable(table));
    document.body.dataset.table = "ready";
  } catch (err) {
    if (seq !== state.seq) return;
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = `No table: ${err.detail || err.message}`;
    $("dd-table").replaceChildren(note);
    document.body.dataset.table = "failed";
  }
}

// ---------------------------------------------------------------- playing

function playCard(code) {
  if (isBusy() || !state.pos || state.pos.finished) return;
  clearError();
  const seq = state.seq;
  busy(async () => {
    const next = await call("/play", { ...positionBody(state.pos), card: code });
    if (seq !== state.seq) return;
    state.history.push({ pos: state.pos, solved: state.solved, score: structuredClone(state.score),
      tricks: [...state.tricks] });
    if (next.completed) {
      const done = next.completed;
      const side = done.side.join("/");
      const entry = state.score[side] || { tricks: 0, points: 0 };
      state.score[side] = { tricks: entry.tricks + 1, points: entry.points + done.points };
      state.tricks.push(done);
    }
    state.pos = { deal: next.deal, leader: next.leader, played: next.played, to_play: next.to_play,
      finished: next.finished };
    state.solved = null;
    if (!next.finished) {
      const solved = await solvePosition(state.pos);
      if (seq === state.seq) state.solved = solved;
    }
  });
}

function undo() {
  if (isBusy() || !state.history.length) return;
  const last = state.history.pop();
  Object.assign(state, { pos: last.pos, solved: last.solved, score: last.score, tricks: last.tricks });
  draw();
}

function reset() {
  if (isBusy() || !state.history.length) return;
  const first = state.history[0];
  state.history = [];
  Object.assign(state, { pos: first.pos, solved: first.solved, score: first.score, tricks: first.tricks });
  draw();
}

function bestCards() {
  const cards = (state.solved && state.solved.cards) || {};
  const top = Math.max(...Object.values(cards));
  return Object.keys(cards).filter((c) => cards[c] === top);
}

function playBest() {
  const best = bestCards();
  if (best.length) playCard(best[0]);
}

// ---------------------------------------------------------------- drawing

function draw() {
  const pos = state.pos;
  document.body.dataset.toPlay = pos && !pos.finished ? pos.to_play : "";
  document.body.dataset.played = String(state.history.length);
  $("dd-undo").disabled = $("dd-reset").disabled = isBusy() || !state.history.length;
  $("dd-best").disabled = isBusy() || !bestCards().length;
  if (!pos) return;
  const hands = pbnHands(pos.deal);
  for (const seat of SEATS) $(`dd-seat-${seat}`).replaceChildren(...drawSeat(seat, hands[seat]));
  drawTrick();
  drawScore();
  drawStatus();
  drawTrickList();
}

function wonBy(seat) { return state.tricks.filter((t) => t.winner === seat).length; }

function drawSeat(seat, cards) {
  const pos = state.pos;
  const toPlay = !pos.finished && pos.to_play === seat;
  const head = document.createElement("h3");
  head.className = "dd-seat-name";
  head.textContent = SEAT_NAMES[seat];
  const won = document.createElement("span");
  won.className = "badge";
  won.textContent = `${wonBy(seat)} won`;
  head.append(" ", won);
  if (toPlay) {
    const turn = document.createElement("span");
    turn.className = "badge turn";
    turn.textContent = "to play";
    head.append(" ", turn);
  }
  const hand = document.createElement("div");
  hand.className = "dd-hand";
  hand.id = `dd-hand-${seat}`;
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", `${SEAT_NAMES[seat]}'s hand`);
  for (const suit of SUITS) {
    const group = document.createElement("div");
    group.className = "dd-suit";
    for (const code of cards.filter((c) => c[1] === suit)) group.append(toPlay ? cardButton(code) : cardImage(code));
    if (group.childElementCount) hand.append(group);
  }
  if (!cards.length) hand.append(Object.assign(document.createElement("span"), { className: "muted", textContent: "no cards" }));
  $(`dd-seat-${seat}`).classList.toggle("active", toPlay);
  return [head, hand];
}

function cardImage(code) {
  const span = document.createElement("span");
  span.className = "card";
  span.dataset.card = code;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardLabel(code));
  span.append(cardFace(code));
  return span;
}

function cardButton(code) {
  const solved = state.solved;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card playable";
  button.dataset.card = code;
  button.append(cardFace(code));
  const value = solved && solved.cards ? solved.cards[code] : undefined;
  let label = `Play ${cardLabel(code)}`;
  if (value !== undefined) {
    const badge = document.createElement("span");
    badge.className = "dd-value";
    badge.textContent = (solved.exact ? "" : "≥") + value;
    button.append(badge);
    button.dataset.value = String(value);
    const unit = solved.objective === "tricks" ? "tricks" : "points";
    label += `: ${solved.side.join("/")} then ${solved.exact ? "" : "at least "}${value} ${unit}`;
    if (bestCards().includes(code)) {
      button.classList.add("best");
      label += " (best)";
    }
  } else if (solved && solved.exact) {
    button.disabled = true;       // an exact answer lists every legal card, so this one is not
    button.classList.remove("playable");
    label = `${cardLabel(code)} (may not be played now)`;
  }
  if (isBusy()) button.disabled = true;
  button.setAttribute("aria-label", label);
  button.addEventListener("click", () => playCard(code));
  return button;
}

function drawTrick() {
  const pos = state.pos;
  const box = $("dd-trick");
  box.replaceChildren();
  let cards = pos.played.map((code, i) => [SEATS[(SEATS.indexOf(pos.leader) + i) % 4], code]);
  let faded = false;
  const last = state.tricks[state.tricks.length - 1];
  if (!cards.length && last) {
    cards = last.cards.map((code, i) => [last.seats[i], code]);
    faded = true;
  }
  box.classList.toggle("faded", faded);
  for (const [seat, code] of cards) {
    const figure = document.createElement("figure");
    figure.className = `dd-played dd-at-${seat}`;
    figure.dataset.seat = seat;
    figure.append(cardImage(code));
    const caption = document.createElement("figcaption");
    caption.textContent = SEAT_NAMES[seat];
    figure.append(caption);
    box.append(figure);
  }
  const note = document.createElement("p");
  note.className = "dd-trick-note";
  note.textContent = faded ? `${SEAT_NAMES[last.winner]} won the last trick` : "";
  box.append(note);
}

function drawScore() {
  const points = state.solved ? state.solved.objective !== "tricks" : state.tricks.some((t) => t.points !== 1);
  const parts = Object.entries(state.score).sort(([a], [b]) => SEATS.indexOf(a[0]) - SEATS.indexOf(b[0])).map(([side, s]) =>
    `${side}: ${s.tricks} ${s.tricks === 1 ? "trick" : "tricks"}${points ? ` (${s.points} points)` : ""}`);
  $("dd-score").textContent = parts.length ? `Won so far — ${parts.join(" · ")}` : "";
}

function drawStatus() {
  const status = $("dd-status");
  const { pos, solved } = state;
  status.classList.remove("solved");
  if (pos.finished) {
    status.textContent = "All cards played. Undo to try another line, or Reset.";
    status.classList.add("solved");
    return;
  }
  if (!solved) {
    status.textContent = `${SEAT_NAMES[pos.to_play]} to play…`;
    return;
  }
  const unit = solved.objective === "tricks" ? "tricks" : "points";
  const figure = solved.exact ? `${solved.value}` : `between ${solved.lower} and ${solved.upper}`;
  const where = solved.played.length ? "including this trick" : "from here";
  status.textContent = `${SEAT_NAMES[pos.to_play]} to play. ${solved.side.join("/")} can take ${figure} ${unit} ${where}`
    + (solved.exact ? "." : " (the time budget ran out; the labels are guaranteed minimums).");
}

function drawTrickList() {
  const list = $("dd-tricks");
  list.replaceChildren(...state.tricks.map((trick) => {
    const li = document.createElement("li");
    trick.cards.forEach((code, i) => {
      const span = document.createElement("span");
      span.className = isRedSuit(code[1]) ? "red" : "";
      span.textContent = cardLabel(code);
      li.append(`${i ? " " : ""}${trick.seats[i]} `, span);
    });
    li.append(` — ${trick.winner}`);
    return li;
  }));
}

function drawTable(table) {
  const grid = document.createElement("table");
  grid.className = "dd-grid";
  const caption = document.createElement("caption");
  caption.textContent = table ? (table.exact ? "Double-dummy tricks" : "Some cells ran out of time: ranges shown")
    : "Solving…";
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (const strain of TABLE_STRAINS) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = strain === "N" ? "NT" : suitSymbol(strain);
    if (isRedSuit(strain)) th.className = "red";
    head.append(th);
  }
  grid.append(caption, head);
  for (const seat of TABLE_SEATS) {
    const row = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = seat;
    row.append(th);
    for (const strain of TABLE_STRAINS) {
      const td = document.createElement("td");
      td.dataset.declarer = seat;
      td.dataset.strain = strain;
      if (table) {
        const [low, high] = table.bounds[seat][strain];
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = low === high ? String(low) : `${low}–${high}`;
        button.setAttribute("aria-label", `${SEAT_NAMES[seat]} declares ${strain === "N" ? "no trumps" : suitSymbol(strain)}: ${button.textContent} tricks; play it`);
        button.addEventListener("click", () => playContract(seat, strain));
        td.dataset.tricks = low === high ? String(low) : "";
        td.append(button);
      } else {
        td.textContent = "…";
      }
      row.append(td);
    }
    grid.append(row);
  }
  return grid;
}

function playContract(declarer, strain) {
  if (!state.start) return;
  if (currentGame().trump === "choose") $("dd-trump").value = strain;
  $("dd-leader").value = SEATS[(SEATS.indexOf(declarer) + 1) % 4];
  begin(state.start.deal);
}

// ---------------------------------------------------------------- building a deal

function buildSeat() { return document.querySelector("input[name=dd-build-seat]:checked").value; }

function drawBuilder() {
  const grid = $("dd-build-grid");
  grid.replaceChildren();
  const cards = currentGame().cards;
  for (const suit of SUITS) {
    const row = document.createElement("div");
    row.className = "dd-build-row";
    for (const code of cards.filter((c) => c[1] === suit)) {
      const owner = state.building[code];
      const button = document.createElement("button");
      button.type = "button";
      button.className = `dd-build-card${isRedSuit(suit) ? " red" : ""}`;
      button.dataset.card = code;
      button.dataset.owner = owner || "";
      button.textContent = cardLabel(code) + (owner ? ` ${owner}` : "");
      button.setAttribute("aria-pressed", owner ? "true" : "false");
      button.setAttribute("aria-label", `${cardLabel(code)}${owner ? `, in ${SEAT_NAMES[owner]}'s hand` : ""}`);
      button.addEventListener("click", () => {
        const seat = buildSeat();
        if (state.building[code] === seat) delete state.building[code];
        else state.building[code] = seat;
        drawBuilder();
        grid.querySelector(`[data-card='${code}']`).focus();
      });
      row.append(button);
    }
    grid.append(row);
  }
  const counts = SEATS.map((s) => `${s} ${Object.values(state.building).filter((o) => o === s).length}`);
  $("dd-build-counts").textContent = `Cards: ${counts.join(", ")}`;
}

function builtDeal() {
  const hands = { N: [], E: [], S: [], W: [] };
  for (const [code, seat] of Object.entries(state.building)) hands[seat].push(code);
  return toPbn(hands);
}

// ---------------------------------------------------------------- wiring

function onGameChange() {
  const game = currentGame();
  const trump = $("dd-trump");
  trump.disabled = game.trump !== "choose";
  if (game.trump === "none") trump.value = "N";
  if (game.trump === "fixed") trump.value = "H";
  state.building = Object.fromEntries(Object.entries(state.building).filter(([c]) => game.cards.includes(c)));
  if (!$("dd-builder").hidden) drawBuilder();
}

function onKey(event) {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Backspace") {
    event.preventDefault();
    undo();
  } else if (event.key === "b" || event.key === "B") {
    playBest();
  }
}

async function init() {
  try {
    const { games } = await call("/games");
    for (const game of games) {
      state.games[game.name] = game;
      $("dd-game").append(new Option(game.name[0].toUpperCase() + game.name.slice(1), game.name));
    }
    $("dd-game").value = "bridge";
  } catch (err) {
    showError(err);
  }
  onGameChange();
  $("dd-game").addEventListener("change", onGameChange);
  $("dd-load").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("dd-pbn").value.trim();
    if (!text) showError({ detail: "Paste a PBN deal first, like N:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.A" });
    else begin(text);
  });
  $("dd-random").addEventListener("click", () => begin(randomDeal()));
  $("dd-build-toggle").addEventListener("click", () => {
    const builder = $("dd-builder");
    builder.hidden = !builder.hidden;
    $("dd-build-toggle").setAttribute("aria-expanded", String(!builder.hidden));
    if (!builder.hidden && !Object.keys(state.building).length && state.start) {
      // start from the deal on the table, so it can be edited card by card
      const hands = pbnHands(state.start.deal);
      for (const seat of SEATS) for (const code of hands[seat]) state.building[code] = seat;
    }
    if (!builder.hidden) drawBuilder();
  });
  $("dd-build-clear").addEventListener("click", () => { state.building = {}; drawBuilder(); });
  $("dd-build-use").addEventListener("click", () => {
    const deal = builtDeal();
    $("dd-pbn").value = deal;
    begin(deal);
  });
  $("dd-undo").addEventListener("click", undo);
  $("dd-reset").addEventListener("click", reset);
  $("dd-best").addEventListener("click", playBest);
  document.addEventListener("keydown", onKey);
  document.body.dataset.ready = "true";
}

init();
