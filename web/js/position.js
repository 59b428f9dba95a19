// A position from a real table: choose the game and your seat, type the cards you see,
// enter what each player does as it happens, and ask for a hint. The server keeps
// nothing: every answer carries the seat's knowledge, sent back with the next request.

import { ApiError, listGames, request } from "./api.js";
import { cardLabel } from "./cards.js";
import { h } from "./dom.js";
import { optionField } from "./lobby.js";
import { actionText, renderFacts, renderHint } from "./panels.js";
import { renderTable, seatName, visibleCards } from "./table.js";

const pos = { game: null, position: null, entered: [], busy: false, step: 0 };
const $ = (id) => document.getElementById(id);

function showMessage(text) {
  const box = $("message");
  box.textContent = text;
  box.className = "message error";
  box.hidden = !text;
}

function errorText(err) {
  if (err instanceof ApiError) return `${err.title}: ${err.detail}${err.field ? ` (${err.field})` : ""}`;
  return String(err && err.message ? err.message : err);
}

async function call(path, body) {
  if (pos.busy) return null;
  pos.busy = true;
  showMessage("");
  try {
    return await request("POST", path, { body });
  } catch (err) {
    showMessage(errorText(err));
    return null;
  } finally {
    pos.busy = false;
  }
}

const cardsOf = (text) => text.split(/[\s,]+/).filter(Boolean);
const RANKS = "23456789TJQKA";
const SUITS = "CDHS";
// suits then ranks for the French cards; other cards (jokers, trumps) after, by name
function cardOrder(a, b) {
  const key = (c) => (c.length === 2 && SUITS.includes(c[1]) && RANKS.includes(c[0])
    ? `0${SUITS.indexOf(c[1])}${String(RANKS.indexOf(c[0])).padStart(2, "0")}` : `1${c.padStart(8, " ")}`);
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

// ------------------------------------------------------------------ setup

function renderSetup(games) {
  const form = h("form", { class: "lobby", "aria-label": "Your table" });
  const gameSelect = h("select", { id: "position-game", name: "game" },
    ...games.map((g) => h("option", { value: g.name, text: g.title })));
  const seatSelect = h("select", { id: "position-seat", name: "seat" });
  const dealerSelect = h("select", { id: "position-dealer", name: "dealer" });
  const optionsBox = h("fieldset", { class: "options" });
  let fields = {};
  const current = () => games.find((g) => g.name === gameSelect.value);
  const seatCount = () => (fields.players ? Number(fields.players.read()) : current().players.min);
  function drawSeats() {
    const n = seatCount();
    seatSelect.replaceChildren(...Array.from({ length: n }, (_, s) => h("option", { value: s, text: `seat ${s + 1}` })));
    dealerSelect.replaceChildren(h("option", { value: "", text: "as the cards fall" }),
      ...Array.from({ length: n }, (_, s) => h("option", { value: s, text: `seat ${s + 1}` })));
  }
  function drawGame() {
    fields = {};
    optionsBox.replaceChildren(h("legend", { text: "Options" }));
    for (const [name, prop] of Object.entries((current().options || {}).properties || {})) {
      fields[name] = optionField(name, prop, name === "players" ? drawSeats : () => {});
      optionsBox.append(fields[name].row);
    }
    drawSeats();
  }
  gameSelect.addEventListener("change", drawGame);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    for (const [name, field] of Object.entries(fields)) options[name] = field.read();
    pos.game = current();
    pos.options = options;
    pos.seat = Number(seatSelect.value);
    pos.entered = [];
    pos.dealer = dealerSelect.value === "" ? null : Number(dealerSelect.value);
    const answer = await call(`/api/v1/games/${pos.game.name}/positions`, { seat: pos.seat, options, dealer: pos.dealer });
    if (answer) show(answer, true);
  });
  form.append(
    h("p", { class: "muted", text: "Playing at a real table? Pick the game and your seat, type the cards you see, " +
      "enter what everyone does as it happens, and ask for a hint at any of your turns. Cards you have " +
      "not seen are never guessed from anything but what you entered." }),
    h("div", { class: "field" }, h("label", { for: "position-game", text: "Game" }), gameSelect),
    h("div", { class: "field" }, h("label", { for: "position-seat", text: "You sit at" }), seatSelect),
    h("div", { class: "field" }, h("label", { for: "position-dealer", text: "Dealer" }), dealerSelect),
    optionsBox,
    h("button", { type: "submit", class: "primary", id: "position-start", text: "Deal" }));
  drawGame();
  $("setup").replaceChildren(h("h2", { text: "A position from your table" }), form);
}

// ------------------------------------------------------------------ the table

function show(position, fresh) {
  pos.position = position;
  pos.fresh = fresh;
  pos.step += 1;
  $("setup").hidden = true;
  $("game").hidden = false;
  renderHint($("hint"), null);
  render();
}

function asSession(position) {
  const seats = Array.from({ length: seatTotal(position) }, () => "at the table");
  return { view: position.view, seat: position.seat, seats, to_move: position.to_move, legal_actions: position.legal_actions };
}

function seatTotal(position) {
  if (pos.options && Number.isInteger(pos.options.players)) return pos.options.players;
  let most = pos.game.players.min;
  for (const zone of Object.values(position.view.zones)) if (Number.isInteger(zone.owner)) most = Math.max(most, zone.owner + 1);
  return most;
}

function render() {
  const position = pos.position;
  const session = asSession(position);
  renderTable($("table"), session, { onPlay: (actions) => actions.length && act(pos.seat, actions[0].notation),
    hinted: new Set(), canAct: !pos.busy });
  renderFacts($("facts"), position.view);
  const mine = position.to_move.includes(pos.seat);
  const shown = new Set(visibleCards(position.view));
  $("status").textContent = position.over ? "The match is over."
    : mine ? "Your turn: play, or ask for a hint."
      : `Waiting for ${position.to_move.map((s) => seatName(position.view, s)).join(", ")}: enter what they do.`;
  $("hint-button").disabled = !mine || position.over;
  $("game").dataset.turn = position.over ? "over" : mine ? "you" : "others";
  $("game").dataset.step = String(pos.step);
  $("actions").replaceChildren(...(mine ? position.legal_actions : [])
    .filter((a) => !(a.args || []).some((arg) => shown.has(arg)))
    .map((a) => h("button", { type: "button", class: "action", "data-action": a.notation, text: actionText(a.notation) },)));
  for (const button of $("actions").querySelectorAll("button")) {
    button.addEventListener("click", () => act(pos.seat, button.dataset.action));
  }
  renderOthers(position);
  renderCardsPanel(position);
  $("entered").replaceChildren(...pos.entered.map((text) => h("li", { text })));
}

function renderOthers(position) {
  const root = $("others");
  const rows = [];
  for (const [seatText, other] of Object.entries(position.others || {})) {
    const seat = Number(seatText);
    const name = seatName(position.view, seat);
    const row = h("div", { class: "other-seat", "data-seat": seat }, h("h3", { text: `${name} to move` }));
    const buttons = h("div", { class: "action-buttons" });
    for (const move of other.moves) {
      const b = h("button", { type: "button", class: "action", "data-action": move, text: actionText(move) });
      b.addEventListener("click", () => act(seat, move));
      buttons.append(b);
    }
    row.append(buttons);
    if (other.card_moves.length) {
      const kindSelect = h("select", { id: `kind-${seat}`, "aria-label": `what ${name} did` },
        ...other.card_moves.map((k) => h("option", { value: k, text: k })));
      const cardSelect = h("select", { id: `card-${seat}`, "aria-label": `the card ${name} showed` },
        ...position.unseen.map((c) => h("option", { value: c, text: cardLabel(c) })));
      const go = h("button", { type: "button", id: `enter-${seat}`, text: "Enter" });
      go.addEventListener("click", () => act(seat, `${kindSelect.value} ${cardSelect.value}`));
      row.append(h("div", { class: "field" }, kindSelect, cardSelect, go));
    }
    const typed = h("form", { class: "typed", autocomplete: "off" },
      h("label", { for: `typed-${seat}`, text: `Or type what ${name} did` }),
      h("input", { id: `typed-${seat}`, type: "text", placeholder: "e.g. play QS, pass, draw stock" }),
      h("button", { type: "submit", text: "Enter" }));
    typed.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = typed.querySelector("input").value.trim();
      if (text) act(seat, text);
    });
    row.append(typed);
    rows.push(row);
  }
  root.hidden = !rows.length;
  root.replaceChildren(h("h2", { text: "What the others did" }), ...rows);
}

// the cards of every zone the seat sees, and the size of every hidden one, as text to edit
function renderCardsPanel(position) {
  const root = $("cards-panel");
  const zones = position.knowledge.zones;
  const form = h("form", { class: "zones-form", autocomplete: "off" });
  for (const [name, zone] of Object.entries(zones)) {
    const id = `zone-${name.replace(/[^a-z0-9]/gi, "-")}`;
    if (Array.isArray(zone.cards)) {
      if (zone.visibility === "seen" && !zone.cards.length) continue;
      form.append(h("div", { class: "field" }, h("label", { for: id, text: name }),
        h("input", { id, type: "text", "data-zone": name, value: zone.cards.join(" "), spellcheck: "false" })));
    } else {
      form.append(h("div", { class: "field" }, h("label", { for: id, text: `${name} (face down)` }),
        h("input", { id, type: "number", min: 0, "data-count": name, value: zone.count })));
    }
  }
  // a picker of every card: a click puts it into (or takes it out of) the place being typed
  const inputs = [...form.querySelectorAll("input[data-zone]")];
  let active = inputs.find((i) => i.dataset.zone === `hand:${pos.seat}`) || inputs[0];
  for (const input of inputs) input.addEventListener("focus", () => { active = input; mark(); });
  const every = new Set(position.unseen);
  for (const zone of Object.values(zones)) for (const c of [...(zone.cards || []), ...(zone.known || [])]) every.add(c);
  const picker = h("div", { class: "card-picker", role: "group", "aria-label": "Cards" });
  const buttons = [...every].sort(cardOrder).map((code) => {
    const b = h("button", { type: "button", class: "pick", "data-pick": code, title: cardLabel(code), text: code });
    b.addEventListener("click", () => {
      if (!active) return;
      const cards = cardsOf(active.value);
      const at = cards.indexOf(code);
      if (at >= 0) cards.splice(at, 1); else cards.push(code);
      active.value = cards.join(" ");
      mark();
    });
    return b;
  });
  function mark() {
    const used = new Set(inputs.flatMap((i) => cardsOf(i.value)));
    const mine = new Set(active ? cardsOf(active.value) : []);
    for (const b of buttons) {
      b.classList.toggle("used", used.has(b.dataset.pick));
      b.setAttribute("aria-pressed", mine.has(b.dataset.pick) ? "true" : "false");
    }
    if (active) picker.setAttribute("aria-label", `Cards: a click puts one into ${active.dataset.zone} or takes it out`);
  }
  for (const input of inputs) input.addEventListener("input", mark);
  picker.append(...buttons);
  form.append(picker);
  mark();
  const apply = h("button", { type: "submit", class: "primary", id: "zones-apply",
    text: pos.fresh ? "Deal these cards" : "Set these cards" });
  form.append(apply);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (pos.fresh) {
      // before anything is played the game deals the typed cards where they are said to be
      const wanted = {};
      for (const input of form.querySelectorAll("input[data-zone]")) wanted[input.dataset.zone] = cardsOf(input.value);
      const answer = await call(`/api/v1/games/${pos.game.name}/positions`,
        { seat: pos.seat, options: pos.options, dealer: pos.dealer, zones: wanted });
      if (answer) {
        pos.entered.push("dealt: " + Object.entries(wanted).filter(([, cs]) => cs.length)
          .map(([z, cs]) => `${z} ${cs.join(" ")}`).join("; "));
        show(answer, true);
      }
      return;
    }
    const knowledge = structuredClone(position.knowledge);
    for (const input of form.querySelectorAll("input[data-zone]")) knowledge.zones[input.dataset.zone].cards = cardsOf(input.value);
    for (const input of form.querySelectorAll("input[data-count]")) knowledge.zones[input.dataset.count].count = Number(input.value);
    const answer = await call(`/api/v1/games/${pos.game.name}/positions/update`, { knowledge });
    if (answer) {
      pos.entered.push("cards set");
      show(answer, false);
    }
  });
  root.replaceChildren(h("h2", { text: "Cards you see" }),
    h("p", { class: "muted", text: pos.fresh
      ? "Type the cards you were dealt and those turned face up (like AS KH 10D 7c); the rest stay unknown."
      : "Correct a card you see, or the number of cards face down in a place." }), form);
}

async function act(seat, notation) {
  const answer = await call(`/api/v1/games/${pos.game.name}/positions/update`,
    { knowledge: pos.position.knowledge, act: { seat, action: notation } });
  if (answer) {
    pos.entered.push(`${seatName(pos.position.view, seat)}: ${notation}`);
    show(answer, false);
  }
}

async function askHint() {
  const hint = await call(`/api/v1/games/${pos.game.name}/hint`, { knowledge: pos.position.knowledge });
  if (hint) renderHint($("hint"), hint);
}

async function init() {
  $("hint-button").addEventListener("click", askHint);
  try {
    renderSetup(await listGames());
  } catch (err) {
    showMessage(errorText(err));
  }
}

init();
