// Patience page: play Klondike and Forty Thieves through a one-seat session, with undo,
// hints, "is this deal winnable?" and step-by-step solution playback.

import { ApiError, request } from "./api.js";
import { cardBack, cardFace } from "./cards.js";

const $ = (id) => document.getElementById(id);

const state = {
  game: "klondike", options: {}, seed: null, deal: null, owned: false,
  id: null, token: null, session: null,
  selected: null,          // {src: "t3"|"w"|"fH", count}
  hinted: null,            // source of the hinted move
  playback: null,          // {moves: [...], index}
};

function call(method, path, body, token) {
  return request(method, path, { body, token });
}

function say(text, kind = "info") {
  const box = $("message");
  box.textContent = text || "";
  box.className = `message ${kind}`;
  box.hidden = !text;
}

function failed(err) {
  say(err instanceof ApiError ? err.detail : String(err), "error");
}

// ---------------------------------------------------------------- starting a game

function chosenOptions(game) {
  if (game === "klondike") {
    return { draw: Number($("pat-draw").value), passes: Number($("pat-passes").value) };
  }
  return { redeals: $("pat-redeals").value };
}

async function start({ game, options, seed = null, deal = null }) {
  say("");
  const body = { game, seats: ["human"], options };
  if (deal) body.deal = deal; else body.seed = seed;
  const created = await call("POST", "/api/v1/sessions", body);
  Object.assign(state, { game, options, seed, deal, owned: Boolean(deal), id: created.id,
    token: created.tokens["0"], selected: null, hinted: null, playback: null });
  $("pat-oracle").disabled = !state.owned;
  $("pat-oracle").checked = false;
  $("pat-hint-text").textContent = "";
  $("pat-game-area").hidden = false;
  await refresh();
}

async function refresh() {
  state.session = await call("GET", `/api/v1/sessions/${state.id}`, undefined, state.token);
  render();
}

// ---------------------------------------------------------------- acting

function legal() {
  return new Set((state.session.legal_actions || []).map((a) => a.notation.toLowerCase()));
}

async function act(notation) {
  if (!legal().has(notation.toLowerCase())) {
    say(`"${notation}" is not a legal move here`, "error");
    return false;
  }
  try {
    state.session = await call("POST", `/api/v1/sessions/${state.id}/actions`,
      { action: notation, version: state.session.version }, state.token);
    state.selected = null;
    state.hinted = null;
    if (!state.playback) $("pat-hint-text").textContent = "";
    say("");
    render();
    return true;
  } catch (err) {
    failed(err);
    return false;
  }
}

function moveText(src, dst, count) {
  return `${src} ${dst}` + (count > 1 ? ` ${count}` : "");
}

async function pickSource(src, count) {
  if (state.selected && state.selected.src === src && state.selected.count === count) {
    state.selected = null;
  } else if (state.selected && src.startsWith("t")) {
    // clicking a card of another column moves the selection onto that column
    const { src: from, count: n } = state.selected;
    if (from !== src) { await act(moveText(from, src, n)); return; }
    state.selected = { src, count };
  } else {
    state.selected = { src, count };
  }
  render();
}

async function pickTarget(dst) {
  if (!state.selected) return;
  const { src, count } = state.selected;
  if (src === dst) { state.selected = null; render(); return; }
  await act(moveText(src, dst, count));
}

async function toFoundation(src) {
  await act(`${src} f`);
}

async function clickStock() {
  const moves = legal();
  if (moves.has("draw")) await act("draw");
  else if (moves.has("redeal")) await act("redeal");
  else say("the stock cannot be turned now", "error");
}

// ---------------------------------------------------------------- hints and solutions

async function hint() {
  try {
    // once the game is over the hint is the oracle's review of where it ended
    const mode = state.session.over ? "oracle" : state.owned && $("pat-oracle").checked ? "oracle" : "fair";
    const h = await call("GET", `/api/v1/sessions/${state.id}/hint?budget_ms=3000&mode=${mode}`,
      undefined, state.token);
    const ev = h.evaluation || {};
    const oracle = h.method === "oracle";
    const box = $("pat-hint-text");
    box.textContent = `Hint: ${h.action.notation} — ${h.reason}`;
    if (ev.win_probability !== null && ev.win_probability !== undefined) {
      box.textContent += ` (win probability ${Math.round(ev.win_probability * 100)}%` +
        (ev.samples ? `, ${ev.samples} samples)` : ")");
    }
    const tag = document.createElement("span");
    tag.className = `method ${oracle ? "oracle" : ""}`;
    tag.textContent = oracle ? "oracle: uses the hidden cards" : "fair: only what you have seen";
    box.append(tag);
    box.dataset.move = h.action.notation;
    state.hinted = h.action.notation.split(" ")[0];
    if (oracle && ev.line && ev.line.length && !state.session.over) {
      startPlayback(ev.line, "Winning line from here");
      return;
    }
    render();
  } catch (err) {
    failed(err);
  }
}

async function winnable() {
  const box = $("pat-hint-text");
  if (state.owned && $("pat-oracle").checked) {
    await hint();
    return;
  }
  const body = { rules: state.options, budget_seconds: 10 };
  if (state.owned) body.deal = state.deal; else body.seed = state.seed;
  box.textContent = "searching…";
  try {
    const r = await call("POST", `/api/v1/patience/${state.game}/solve`, body);
    const what = { winnable: `winnable in ${r.moves} moves`, unwinnable: "not winnable (proven)",
      unknown: "no answer within the time budget" }[r.verdict];
    box.textContent = `This deal (from its start) is ${what}; ${r.nodes} positions searched in ${r.seconds} s.`;
    box.dataset.verdict = r.verdict;
    if (r.verdict === "winnable") {
      const play = document.createElement("button");
      play.type = "button";
      play.id = "pat-play-solution";
      play.textContent = "Replay the solution from the start";
      play.addEventListener("click", async () => {
        await start({ game: state.game, options: state.options, seed: state.seed, deal: state.deal });
        startPlayback(r.solution, "Solution from the start");
      });
      box.append(" ", play);
    }
  } catch (err) {
    box.textContent = "";
    failed(err);
  }
}

// adds the line's note below whatever the hint box already says
function startPlayback(moves, what) {
  state.playback = { moves, index: 0 };
  const note = document.createElement("div");
  note.className = "playback-note";
  note.textContent = `${what}: ${moves.length} moves. Press "Next solution move".`;
  $("pat-hint-text").append(note);
  render();
}

async function step() {
  const pb = state.playback;
  if (!pb || pb.index >= pb.moves.length) return;
  const ok = await act(pb.moves[pb.index]);
  if (!ok) { state.playback = null; render(); return; }
  pb.index += 1;
  $("pat-hint-text").textContent = `Solution: move ${pb.index} of ${pb.moves.length}: ${pb.moves[pb.index - 1]}`;
  if (pb.index >= pb.moves.length) state.playback = null;
  render();
}

// ---------------------------------------------------------------- drawing

function cardButton(code, { src = null, count = 1, down = false } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "card" + (down ? " down" : "");
  b.append(down ? cardBack() : cardFace(code));
  if (down) { b.disabled = true; b.setAttribute("aria-label", "face-down card"); return b; }
  b.dataset.card = code;
  b.setAttribute("aria-label", code);
  if (src) {
    b.dataset.src = src;
    b.dataset.count = String(count);
    if (state.selected && state.selected.src === src && state.selected.count === count) b.classList.add("selected");
    b.draggable = true;
    b.addEventListener("click", () => pickSource(src, count));
    b.addEventListener("dblclick", () => toFoundation(src));
    b.addEventListener("dragstart", (e) => {
      state.selected = { src, count };
      e.dataTransfer.setData("text/plain", `${src}:${count}`);
    });
  }
  return b;
}

function dropZone(el, dst) {
  el.addEventListener("dragover", (e) => { e.preventDefault(); el.classList.add("drop-target"); });
  el.addEventListener("dragleave", () => el.classList.remove("drop-target"));
  el.addEventListener("drop", (e) => { e.preventDefault(); el.classList.remove("drop-target"); pickTarget(dst); });
}

function nextMoveSource() {
  if (state.playback) return state.playback.moves[state.playback.index].split(" ")[0];
  return state.hinted;
}

function render() {
  const s = state.session;
  const zones = s.view.zones;
  const pub = s.view.public;
  const table = $("pat-table");
  table.className = `pat-table ${state.game === "forty-thieves" ? "forty" : ""}`;
  table.dataset.version = String(s.version);
  table.dataset.over = String(s.over);
  table.replaceChildren();
  const highlight = nextMoveSource();

  const top = document.createElement("div");
  top.className = "pat-top";
  const stock = document.createElement("button");
  stock.type = "button";
  stock.id = "pat-stock";
  stock.className = "pat-slot";
  stock.setAttribute("aria-label", `stock, ${zones.stock.count} cards`);
  if (zones.stock.count) stock.append(cardButtonBack());
  else stock.innerHTML = '<span class="label">↺</span>';
  stock.addEventListener("click", clickStock);
  if (highlight && ["draw", "redeal", "switch"].includes(highlight)) stock.classList.add("hinted");
  const stockBox = document.createElement("div");
  stockBox.append(stock, countLabel(zones.stock.count));

  const waste = document.createElement("div");
  waste.id = "pat-waste";
  waste.className = "pat-waste";
  const wasteCards = zones.waste.cards || [];
  wasteCards.slice(-3).forEach((code, i, shown) => {
    const isTop = i === shown.length - 1;
    const b = cardButton(code, isTop ? { src: "w" } : {});
    if (isTop && highlight === "w") b.classList.add("hinted");
    waste.append(b);
  });
  if (!wasteCards.length) waste.append(emptySlot(""));

  const found = document.createElement("div");
  found.className = "pat-foundations";
  found.id = "pat-foundations";
  for (const [name, zone] of Object.entries(zones).filter(([n]) => n.startsWith("foundation:"))) {
    const slot = document.createElement("div");
    slot.className = "pat-slot foundation";
    slot.dataset.zone = name;
    const cards = zone.cards || [];
    const key = name.split(":")[1];
    if (cards.length) {
      const src = /^[CDHS]$/.test(key) ? `f${key}` : null;
      const b = cardButton(cards[cards.length - 1], src ? { src } : {});
      if (src && highlight && highlight.toLowerCase() === src.toLowerCase()) b.classList.add("hinted");
      slot.append(b);
    } else {
      slot.innerHTML = `<span class="label">${/^[CDHS]$/.test(key) ? key : "A"}</span>`;
    }
    slot.addEventListener("click", (e) => { if (e.target === slot || !state.selected?.src.startsWith("f")) pickTarget("f"); });
    dropZone(slot, "f");
    found.append(slot);
  }
  top.append(stockBox, waste, found);

  const cols = document.createElement("div");
  cols.className = "pat-columns";
  const n = pub.columns;
  cols.style.setProperty("--cols", n);
  for (let i = 1; i <= n; i++) {
    const col = document.createElement("div");
    col.className = "pat-column";
    col.dataset.column = String(i);
    const down = zones[`tableau:${i}:down`] ? zones[`tableau:${i}:down`].count : 0;
    const up = zones[`tableau:${i}`].cards || [];
    for (let d = 0; d < down; d++) col.append(cardButton(null, { down: true }));
    up.forEach((code, j) => {
      const b = cardButton(code, { src: `t${i}`, count: up.length - j });
      if (highlight === `t${i}` && j === up.length - hintCount()) b.classList.add("hinted");
      col.append(b);
    });
    if (!down && !up.length) col.classList.add("empty");
    col.addEventListener("click", (e) => { if (e.target === col) pickTarget(`t${i}`); });
    dropZone(col, `t${i}`);
    cols.append(col);
  }
  table.append(top, cols);

  const moves = legal();
  $("pat-undo").disabled = !moves.has("undo");
  $("pat-resign").disabled = s.over;
  $("pat-hint").textContent = s.over ? "Could it still have been won?" : "Hint";
  $("pat-switch").hidden = !moves.has("switch");
  $("pat-step").hidden = !state.playback;
  const passes = pub.passes_left === null ? "unlimited passes" : `${pub.passes_left} passes left`;
  const end = s.over ? (pub.won ? " — won!" : ` — over (${pub.ended})`) : "";
  $("pat-status").textContent = `${pub.foundation_cards}/${pub.total_cards} on the foundations · ` +
    `${pub.moves_made} move${pub.moves_made === 1 ? "" : "s"} · ${passes}${end}`;
}

function hintCount() {
  const text = state.playback ? state.playback.moves[state.playback.index] : $("pat-hint-text").dataset.move;
  const parts = (text || "").split(" ");
  return parts.length > 2 ? Number(parts[2]) : 1;
}

function cardButtonBack() {
  const span = document.createElement("span");
  span.className = "card down";
  span.append(cardBack());
  return span;
}

function emptySlot(label) {
  const slot = document.createElement("div");
  slot.className = "pat-slot";
  slot.innerHTML = `<span class="label">${label}</span>`;
  return slot;
}

function countLabel(count) {
  const p = document.createElement("div");
  p.className = "pat-count";
  p.textContent = `${count} in stock`;
  return p;
}

// ---------------------------------------------------------------- wiring

function showOptions() {
  const klondike = $("pat-game").value === "klondike";
  document.querySelector(".pat-klondike").hidden = !klondike;
  document.querySelector(".pat-forty").hidden = klondike;
}

function init() {
  $("pat-seed").value = String(Math.floor(Math.random() * 100000));
  $("pat-game").addEventListener("change", showOptions);
  $("pat-new").addEventListener("submit", (e) => {
    e.preventDefault();
    const game = $("pat-game").value;
    const seed = Number($("pat-seed").value || 0);
    start({ game, options: chosenOptions(game), seed }).catch(failed);
  });
  $("pat-deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    let deal;
    try {
      deal = JSON.parse($("pat-deal").value);
    } catch (err) {
      say(`the deal is not valid JSON: ${err.message}`, "error");
      return;
    }
    const game = $("pat-game").value;
    start({ game, options: chosenOptions(game), deal: { ...deal, format: $("pat-format").value } }).catch(failed);
  });
  $("pat-undo").addEventListener("click", () => act("undo"));
  $("pat-resign").addEventListener("click", () => act("resign"));
  $("pat-switch").addEventListener("click", () => act("switch"));
  $("pat-hint").addEventListener("click", hint);
  $("pat-winnable").addEventListener("click", winnable);
  $("pat-step").addEventListener("click", step);
  showOptions();
}

init();
