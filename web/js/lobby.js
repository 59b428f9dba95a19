// The lobby: pick a game, fill each seat with you or a bot, set options from the game's schema.

import { h } from "./dom.js";

const HUMAN = "human";

function humanKey(key) {
  const text = key.replace(/_/g, " ");
  return text[0].toUpperCase() + text.slice(1);
}

/** One form control for a JSON-schema property; returns {row, read()}. */
export function optionField(name, prop, onChange) {
  const id = `opt-${name}`;
  const help = prop.description ? h("small", { id: `${id}-help`, text: prop.description }) : null;
  let input;
  let read;
  if (Array.isArray(prop.enum)) {
    input = h("select", { id, name, "aria-describedby": help && help.id });
    prop.enum.forEach((value, i) => {
      input.append(h("option", { value: String(i), selected: value === prop.default, text: String(value) }));
    });
    read = () => prop.enum[+input.value];
  } else if (prop.type === "boolean") {
    input = h("input", { id, name, type: "checkbox", checked: Boolean(prop.default), "aria-describedby": help && help.id });
    read = () => input.checked;
  } else if (prop.type === "integer" || prop.type === "number") {
    input = h("input", { id, name, type: "number", value: prop.default ?? "", min: prop.minimum, max: prop.maximum,
      step: prop.type === "integer" ? 1 : "any", "aria-describedby": help && help.id });
    read = () => (input.value === "" ? prop.default : Number(input.value));
  } else {
    input = h("input", { id, name, type: "text", value: prop.default ?? "", "aria-describedby": help && help.id });
    read = () => input.value;
  }
  input.addEventListener("change", onChange);
  const label = h("label", { for: id, text: humanKey(name) });
  const row = prop.type === "boolean" && !prop.enum
    ? h("div", { class: "field check" }, input, label, help)
    : h("div", { class: "field" }, label, input, help);
  return { row, read };
}

function preferredBot(bots) {
  return bots.includes("heuristic") ? "heuristic" : bots[0];
}

/**
 * Fill `root` with the lobby form for `games` (the registry listing).
 * onStart({game, seats, seed, options}) is called on submit.
 */
export function renderLobby(root, games, onStart) {
  const form = h("form", { class: "lobby", "aria-label": "New game" });
  const gameSelect = h("select", { id: "game-choice", name: "game" },
    ...games.map((g) => h("option", { value: g.name, text: `${g.title} (${g.players.min === g.players.max ? g.players.min : `${g.players.min}–${g.players.max}`} players)` })));
  const summary = h("p", { class: "summary", id: "game-summary" });
  const seatsBox = h("fieldset", { class: "seats" });
  const optionsBox = h("fieldset", { class: "options" });
  const clockBox = h("fieldset", { class: "options realtime", id: "realtime-choices" });
  const clockSelect = h("select", { id: "clock-choice", name: "clock" },
    h("option", { value: "server", text: "real time: the server's clock runs, deadlines expire on their own" }),
    h("option", { value: "turns", text: "turns: time passes only when everyone waits" }));
  const reactionSelect = h("select", { id: "reaction-choice", name: "reaction" },
    ...["human", "instant", "slow"].map((r) => h("option", { value: r, text: r })));
  clockBox.append(h("legend", { text: "Clock" }),
    h("div", { class: "field" }, h("label", { for: "clock-choice", text: "Clock" }), clockSelect),
    h("div", { class: "field" }, h("label", { for: "reaction-choice", text: "Bots' reaction" }), reactionSelect,
      h("small", { text: "human: about a second, more or less; instant: none; slow: about three seconds" })));
  const seedInput = h("input", { id: "seed", name: "seed", type: "number", step: 1, placeholder: "random" });
  const start = h("button", { type: "submit", class: "primary", text: "Start" });
  form.append(
    h("div", { class: "field" }, h("label", { for: "game-choice", text: "Game" }), gameSelect, summary),
    seatsBox, optionsBox, clockBox,
    h("div", { class: "field" }, h("label", { for: "seed", text: "Seed" }), seedInput,
      h("small", { text: "The same seed deals the same cards; leave empty for a random deal." })),
    start);

  let fields = {};
  let seatCountSelect = null;

  const current = () => games.find((g) => g.name === gameSelect.value);

  function seatCount(game) {
    if (fields.players) return Number(fields.players.read());
    if (seatCountSelect) return Number(seatCountSelect.value);
    return game.players.min;
  }

  function drawSeats() {
    const game = current();
    const previous = [...seatsBox.querySelectorAll("select.seat-choice")].map((s) => s.value);
    const count = seatCount(game);
    const bots = game.bots && game.bots.length ? game.bots : ["random"];
    seatsBox.replaceChildren(h("legend", { text: "Seats" }));
    if (seatCountSelect && !fields.players) seatsBox.append(h("div", { class: "field" }, h("label", { for: "players", text: "Players" }), seatCountSelect));
    for (let s = 0; s < count; s++) {
      const id = `seat-${s}`;
      const fallback = s === 0 ? HUMAN : preferredBot(bots);
      const chosen = previous[s] && (previous[s] === HUMAN || bots.includes(previous[s])) ? previous[s] : fallback;
      const select = h("select", { id, class: "seat-choice", name: id },
        h("option", { value: HUMAN, selected: chosen === HUMAN, text: "human (you)" }),
        ...bots.map((b) => h("option", { value: b, selected: chosen === b, text: `${b} bot` })));
      seatsBox.append(h("div", { class: "field seat-field" }, h("label", { for: id, text: `Seat ${s + 1}` }), select));
    }
  }

  function drawGame() {
    const game = current();
    summary.textContent = game.summary || "";
    clockBox.hidden = !game.real_time;
    fields = {};
    optionsBox.replaceChildren(h("legend", { text: "Options" }));
    const props = (game.options && game.options.properties) || {};
    for (const [name, prop] of Object.entries(props)) {
      const field = optionField(name, prop, name === "players" ? drawSeats : () => {});
      fields[name] = field;
      optionsBox.append(field.row);
    }
    if (!Object.keys(props).length) optionsBox.append(h("p", { class: "muted", text: "This game has no options." }));
    seatCountSelect = null;
    if (!fields.players && game.players.min !== game.players.max) {
      seatCountSelect = h("select", { id: "players" });
      for (let n = game.players.min; n <= game.players.max; n++) seatCountSelect.append(h("option", { value: n, text: String(n) }));
      seatCountSelect.addEventListener("change", drawSeats);
    }
    seatsBox.replaceChildren();
    drawSeats();
  }

  gameSelect.addEventListener("change", drawGame);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("select.seat-choice")].map((s) => s.value);
    const options = {};
    for (const [name, field] of Object.entries(fields)) options[name] = field.read();
    const seed = seedInput.value === "" ? Math.floor(Math.random() * 1e9) : Number(seedInput.value);
    const config = { game: gameSelect.value, seats, seed, options };
    const turnBased = Object.entries(current().real_time_unless || {}).some(([name, values]) => values.includes(options[name]));
    if (current().real_time && !turnBased) {
      config.clock = clockSelect.value;
      if (config.clock === "server") {
        config.reactions = Object.fromEntries(seats.map((kind, i) => [i, kind]).filter(([, kind]) => kind !== HUMAN)
          .map(([i]) => [String(i), reactionSelect.value]));
      }
    }
    onStart(config);
  });

  drawGame();
  root.replaceChildren(h("h2", { text: "New game" }), form);
}
