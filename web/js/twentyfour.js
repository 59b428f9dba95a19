// Twenty-Four page: deal or enter four cards, combine them two at a time, hints, solutions.
import { request } from "./api.js";
import { cardFace } from "./cards.js";

const API = "/api/v1/twentyfour";
const FACES = { 1: "A", 10: "T", 11: "J", 12: "Q", 13: "K" };
const SUITS = ["S", "H", "D", "C"];
const OP_SIGNS = { "+": "+", "-": "−", "*": "×", "/": "÷" };
const $ = (id) => document.getElementById(id);

const state = {
  cards: [],          // the deal, as numbers
  items: [],          // the position: [{value: Fraction, card: code | null}]
  history: [],        // earlier positions and step texts, for undo
  steps: [],
  first: null,        // index of the first picked item
  op: null,
  moves: [],          // analyse() of the current position
  rungs: [],
  shown: 0,
};

// ---------------------------------------------------------------- exact fractions

function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) [a, b] = [b, a % b]; return a; }

function frac(n, d = 1) {
  if (d < 0) { n = -n; d = -d; }
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

function apply(a, op, b) {
  if (op === "+") return frac(a.n * b.d + b.n * a.d, a.d * b.d);
  if (op === "-") return frac(a.n * b.d - b.n * a.d, a.d * b.d);
  if (op === "*") return frac(a.n * b.n, a.d * b.d);
  return b.n === 0 ? null : frac(a.n * b.d, a.d * b.n);
}

const show = (f) => (f.d === 1 ? String(f.n) : `${f.n}/${f.d}`);

// ---------------------------------------------------------------- HTTP

function getJson(path, body) {
  return request(body === undefined ? "GET" : "POST", API + path, { body });
}

function showError(err) {
  const box = $("message");
  box.textContent = err.detail || err.message;
  box.className = "message error";
  box.hidden = false;
}

function clearError() { $("message").hidden = true; }

// ---------------------------------------------------------------- starting a deal

async function startDeal(cards) {
  clearError();
  const solution = await getJson(`/solve?cards=${cards.join(",")}`);
  state.cards = solution.numbers;
  state.items = state.cards.map((n, i) => ({ value: frac(n), card: cardCode(n, i) }));
  state.history = [];
  state.steps = [];
  state.first = state.op = null;
  state.shown = 0;
  state.rungs = (await getJson(`/hint?cards=${state.cards.join(",")}`)).rungs;
  fillSolutions(solution);
  $("tf-ladder").replaceChildren();
  $("tf-answer-result").textContent = "";
  $("tf-cards").value = state.cards.join(" ");
  await refresh();
}

function cardCode(n, i) {
  return n >= 1 && n <= 13 ? (FACES[n] || String(n)) + SUITS[i % 4] : null;
}

function fillSolutions(solution) {
  const word = solution.count === 1 ? "solution" : "solutions";
  $("tf-solutions-summary").textContent = `Show all ${solution.count} ${word}`;
  $("tf-solutions").open = false;
  const list = $("tf-solution-list");
  list.replaceChildren();
  if (!solution.solvable) {
    const li = document.createElement("li");
    li.textContent = "No solution: an exhaustive search finds none.";
    list.append(li);
  }
  solution.solutions.forEach((text, k) => {
    const li = document.createElement("li");
    li.append(solution.pretty_solutions[k] + " ");
    const play = document.createElement("button");
    play.type = "button";
    play.className = "tf-play";
    play.textContent = "Play it step by step";
    play.addEventListener("click", () => (play.step ? play.step() : startPlayback(text, play)).catch(showError));
    li.append(play);
    list.append(li);
  });
}

// ---------------------------------------------------------------- the board

async function refresh() {
  state.moves = [];
  document.body.dataset.busy = "true";
  draw();
  try {
    if (state.items.length > 1) {
      const values = state.items.map((it) => show(it.value)).join(",");
      state.moves = (await getJson(`/analyse?values=${encodeURIComponent(values)}`)).moves;
    }
  } finally {
    document.body.dataset.busy = "false";
    draw();
  }
}

function moveFor(a, op, b) {
  const [x, y] = [show(a), show(b)];
  return state.moves.find((m) => m.op === op && ((m.left === x && m.right === y) ||
    ((op === "+" || op === "*") && m.left === y && m.right === x)));
}

function markOf(i) {
  if (state.first === null || state.op === null || i === state.first || !state.moves.length) return "";
  const move = moveFor(state.items[state.first].value, state.op, state.items[i].value);
  return move ? (move.solvable ? "ok" : "bad") : "bad";
}

function opMark(op) {
  if (state.first === null || !state.moves.length) return "";
  const a = state.items[state.first].value;
  const any = state.items.some((it, i) => i !== state.first && (moveFor(a, op, it.value) || {}).solvable);
  return any ? "ok" : "bad";
}

function draw() {
  const board = $("tf-board");
  board.replaceChildren();
  state.items.forEach((item, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tf-item" + (state.first === i ? " selected" : "");
    button.dataset.index = i;
    button.dataset.value = show(item.value);
    const mark = markOf(i);
    button.dataset.mark = mark;
    button.setAttribute("aria-label", `value ${show(item.value)}` + (mark ? (mark === "ok" ? ", keeps 24 reachable" : ", 24 not reachable") : ""));
    const badge = document.createElement("span");
    badge.className = "tf-mark";
    badge.textContent = mark === "ok" ? "✓" : mark === "bad" ? "✗" : "";
    if (item.card) {
      button.append(cardFace(item.card));
    } else {
      const chip = document.createElement("span");
      chip.className = "tf-value";
      chip.textContent = show(item.value);
      button.append(chip);
    }
    const key = document.createElement("span");
    key.className = "tf-key";
    key.textContent = `key ${i + 1}`;
    button.append(badge, key);
    button.addEventListener("click", () => pick(i));
    board.append(button);
  });
  document.querySelectorAll(".tf-op").forEach((b) => {
    b.classList.toggle("selected", b.dataset.op === state.op);
    b.dataset.mark = opMark(b.dataset.op);
  });
  const steps = $("tf-steps");
  steps.replaceChildren(...state.steps.map((s) => Object.assign(document.createElement("li"), { textContent: s })));
  drawStatus();
}

function drawStatus() {
  const status = $("tf-status");
  status.classList.remove("solved");
  if (!state.items.length) { status.textContent = "Deal or enter four cards."; return; }
  if (state.items.length === 1) {
    const v = show(state.items[0].value);
    status.textContent = v === "24" ? "24! Solved." : `That makes ${v}, not 24: undo and try again.`;
    status.classList.toggle("solved", v === "24");
    return;
  }
  const solvable = state.moves.length ? state.moves.some((m) => m.solvable) : null;
  const reach = solvable === null ? "" : solvable ? " 24 is still reachable." : " 24 is out of reach from here: undo.";
  const what = state.first === null ? "Pick a card." : state.op === null ? "Pick an operator." : "Pick the second card.";
  status.textContent = what + reach;
}

function pick(i) {
  if (i < 0 || i >= state.items.length) return;
  if (state.first === null || state.op === null) {
    state.first = state.first === i ? null : i;
    draw();
    return;
  }
  if (i === state.first) { state.first = null; state.op = null; draw(); return; }
  combine(state.first, state.op, i);
}

function chooseOp(op) {
  if (state.first === null) { showError({ detail: "pick a card first, then an operator" }); return; }
  clearError();
  state.op = op;
  draw();
}

function combine(i, op, j) {
  const a = state.items[i].value;
  const b = state.items[j].value;
  const result = apply(a, op, b);
  if (!result) { showError({ detail: "cannot divide by zero" }); return; }
  clearError();
  state.history.push({ items: state.items, steps: state.steps });
  const rest = state.items.filter((_, k) => k !== i && k !== j);
  state.items = [...rest, { value: result, card: null }];
  state.steps = [...state.steps, `${show(a)} ${OP_SIGNS[op]} ${show(b)} = ${show(result)}`];
  state.first = state.op = null;
  refresh().catch(showError);
}

function undo() {
  if (state.first !== null || state.op !== null) { state.first = state.op = null; draw(); return; }
  const last = state.history.pop();
  if (!last) return;
  Object.assign(state, last);
  refresh().catch(showError);
}

function restart() {
  if (!state.cards.length) return;
  state.items = state.cards.map((n, i) => ({ value: frac(n), card: cardCode(n, i) }));
  state.history = [];
  state.steps = [];
  state.first = state.op = null;
  return refresh();
}

// ---------------------------------------------------------------- hints and playback

function nextHint() {
  if (!state.rungs.length || state.shown >= state.rungs.length) return;
  const rung = state.rungs[state.shown++];
  const li = document.createElement("li");
  const title = document.createElement("strong");
  title.textContent = rung.title;
  li.append(title, rung.text);
  $("tf-ladder").append(li);
  $("tf-hint").disabled = state.shown >= state.rungs.length;
}

/** The steps of an expression, innermost first: [[left, op, right]] over fractions. */
function stepsOf(text) {
  const tokens = text.match(/\d+|[-+*/()]/g) || [];
  let k = 0;
  const steps = [];
  const atom = () => {
    const t = tokens[k++];
    if (t === "(") { const v = expr(); k++; return v; }
    return frac(Number(t));
  };
  const chain = (next, ops) => {
    let left = next();
    while (ops.includes(tokens[k])) {
      const op = tokens[k++];
      const right = next();
      steps.push([left, op, right]);
      left = apply(left, op, right);
    }
    return left;
  };
  const term = () => chain(atom, "*/");
  const expr = () => chain(term, "+-");
  expr();
  return steps;
}

async function startPlayback(text, button) {
  document.querySelectorAll(".tf-play").forEach((b) => { b.step = null; b.disabled = false; b.textContent = "Play it step by step"; });
  await restart();
  const steps = stepsOf(text);
  let next = 0;
  const step = async () => {
    if (next >= steps.length) return;
    const [a, op, b] = steps[next++];
    const i = state.items.findIndex((it) => show(it.value) === show(a));
    const j = state.items.findIndex((it, k) => k !== i && show(it.value) === show(b));
    if (i < 0 || j < 0) return;
    combine(i, op, j);
    button.textContent = next < steps.length ? `Next step (${next}/${steps.length})` : "Played";
    button.disabled = next >= steps.length;
  };
  button.step = step;
  button.textContent = `Next step (0/${steps.length})`;
}

// ---------------------------------------------------------------- typed answers

async function checkAnswer(expression) {
  const out = $("tf-answer-result");
  out.className = "";
  try {
    const verdict = await getJson("/check", { cards: state.cards, expression });
    out.textContent = verdict.ok ? `✓ Right: ${verdict.message}` : `✗ Not quite: ${verdict.message}`;
    out.className = verdict.ok ? "tf-ok" : "tf-bad";
  } catch (err) {
    out.textContent = `✗ ${err.detail || err.message}`;
    out.className = "tf-bad";
  }
}

// ---------------------------------------------------------------- wiring

function typing(event) {
  const tag = event.target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
}

function onKey(event) {
  if (typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (/^[1-9]$/.test(key)) pick(Number(key) - 1);
  else if (key in OP_SIGNS) chooseOp(key);
  else if (key === "x" || key === "X") chooseOp("*");
  else if (key === "Backspace") undo();
  else if (key === "h" || key === "H") nextHint();
  else if (key === "Escape") { state.first = state.op = null; draw(); }
  else return;
  event.preventDefault();
}

function init() {
  $("tf-enter").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("tf-cards").value.trim();
    const cards = text.split(/[\s,;]+/).filter(Boolean);
    startDeal(cards).catch(showError);
  });
  $("tf-deal").addEventListener("submit", async (event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if ($("tf-solvable").checked) params.set("solvable", "true");
    if ($("tf-difficulty").value) params.set("difficulty", $("tf-difficulty").value);
    try {
      const deal = await getJson(`/deal?${params}`);
      await startDeal(deal.cards);
    } catch (err) { showError(err); }
  });
  $("tf-answer").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!state.cards.length) { showError({ detail: "deal or enter cards first" }); return; }
    checkAnswer($("tf-expression").value);
  });
  document.querySelectorAll(".tf-op").forEach((b) => b.addEventListener("click", () => chooseOp(b.dataset.op)));
  $("tf-undo").addEventListener("click", undo);
  $("tf-reset").addEventListener("click", () => restart()?.catch(showError));
  $("tf-hint").addEventListener("click", nextHint);
  document.addEventListener("keydown", onKey);
  const given = new URLSearchParams(location.search).get("cards");
  if (given) startDeal(given.split(/[\s,;]+/)).catch(showError);
  document.body.dataset.ready = "true";
}

init();
