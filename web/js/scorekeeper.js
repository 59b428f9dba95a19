// The score keeper page: players, tables and a table's sheet, all from /api/v1/scorekeeper.

import { ApiError, listGames, request } from "./api.js";
import { h } from "./dom.js";

const BASE = "/api/v1/scorekeeper";
const $ = (id) => document.getElementById(id);
const page = { players: [], games: [], chosen: [], table: null, sheet: null, correcting: null, timer: null };

function showMessage(text, kind = "error") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

async function run(work) {
  try {
    showMessage("");
    await work();
  } catch (err) {
    showMessage(err instanceof ApiError ? err.detail : String(err));
  }
}

const fmt = (n) => (n === null || n === undefined ? "" : Number.isInteger(n) ? String(n) : n.toFixed(2));

function chip(player) {
  return h("span", { class: "chip", style: `border-color:${player.colour}` },
    h("span", { class: "dot", style: `background:${player.colour}` }), player.name);
}

// ------------------------------------------------------------------ players and tables

async function loadPlayers() {
  page.players = (await request("GET", `${BASE}/players`)).players;
  $("players").replaceChildren(...page.players.map((p) => h("li", {}, chip(p))));
  drawSeatChoice();
}

function drawSeatChoice() {
  const box = $("table-players");
  box.replaceChildren(...page.players.map((p) => {
    const input = h("input", { type: "checkbox", value: p.id, "data-name": p.name });
    input.checked = page.chosen.includes(p.id);
    input.addEventListener("change", () => {
      page.chosen = input.checked ? [...page.chosen, p.id] : page.chosen.filter((id) => id !== p.id);
      drawSeatChoice();
    });
    return h("label", { class: "seat-choice" }, input, " ", chip(p));
  }));
  const names = page.chosen.map((id) => page.players.find((p) => p.id === id)?.name);
  $("seat-order").textContent = names.length ? `Turn order: ${names.join(", ")}` : "No players chosen yet.";
}

async function loadTables() {
  const { tables } = await request("GET", `${BASE}/tables`);
  $("tables").replaceChildren(...tables.map((t) => {
    const open = h("button", { type: "button", class: "link", text: `${t.name} · ${t.game}` });
    open.addEventListener("click", () => run(() => openTable(t.id)));
    return h("li", {}, open, " ", ...t.players.map(chip));
  }));
}

// ------------------------------------------------------------------ the sheet

async function openTable(id, order = $("order").value) {
  page.sheet = await request("GET", `${BASE}/tables/${id}?order=${order}`);
  page.table = page.sheet.table;
  drawSheet();
}

function drawSheet() {
  const s = page.sheet;
  $("sheet-panel").hidden = false;
  $("sheet-title").textContent = `${s.table.name} · ${s.game}`;
  $("sheet-direction").textContent = s.low_score_wins ? "The lowest total wins." : "The highest total wins.";
  $("csv").href = `${BASE}/tables/${s.table.id}/sheet.csv`;

  $("warnings").replaceChildren(...s.warnings.map((w) => h("p", { class: `warning ${w.kind}`, text: w.message })));

  const head = h("tr", {}, h("th", { text: "Hand" }),
    ...s.players.map((p) => h("th", {}, chip(p))), h("th", { text: "" }));
  const rows = s.rows.map((row) => h("tr", { "data-hand": row.hand }, h("th", { text: String(row.hand) }),
    ...row.points.map((pts, seat) => h("td", {},
      h("span", { class: "points", text: fmt(pts) }), h("span", { class: "running muted", text: ` ${fmt(row.running[seat])}` }))),
    h("td", {}, ...entryButtons(row.hand))));
  const totals = h("tr", { class: "totals" }, h("th", { text: "Total" }),
    ...s.totals.map((t) => h("td", { text: fmt(t) })), h("td", {}));
  const entered = h("tr", { class: "counter muted" }, h("th", { text: "Hands entered" }),
    ...s.hands_entered.map((n) => h("td", { text: String(n) })), h("td", {}));
  $("sheet").replaceChildren(h("thead", {}, head), h("tbody", {}, ...rows), h("tfoot", {}, totals, entered));

  $("standings").replaceChildren(...s.standings.map((r) =>
    h("li", {}, `${r.place}. `, chip(s.players[r.seat]), ` ${fmt(r.total)}`)));

  const seatInputs = (prefix) => s.players.map((p, seat) =>
    h("label", {}, chip(p), h("input", { type: "number", step: "any", id: `${prefix}-${seat}`, "data-seat": seat })));
  $("entry-seats").replaceChildren(...seatInputs("score"));
  const options = () => s.players.map((p, seat) => h("option", { value: seat, text: p.name }));
  $("transfer-from").replaceChildren(...options());
  $("transfer-to").replaceChildren(...options());
  $("transfer-to").value = s.players.length > 1 ? "1" : "0";

  $("picks").replaceChildren(...s.picks.map((e) => h("li", { text: pickText(e) })));
  drawTimers();
  $("history").replaceChildren(...s.events.map((e) => h("li", { text: historyText(e) })));
  $("correction").hidden = true;
}

function entryButtons(hand) {
  // the entries and transfers of this hand that still count, to correct or delete
  const s = page.sheet;
  const dead = new Set(s.events.filter((e) => e.kind === "delete").map((e) => e.body.of));
  const live = s.events.filter((e) => (e.kind === "entry" || e.kind === "transfer") && e.body.hand === hand
    && !dead.has(e.seq));
  return live.flatMap((e) => {
    const fix = h("button", { type: "button", class: "small", text: `correct #${e.seq}` });
    fix.addEventListener("click", () => startCorrection(e));
    const del = h("button", { type: "button", class: "small", text: `delete #${e.seq}` });
    del.addEventListener("click", () => run(async () => {
      const reason = window.prompt(`Why delete entry ${e.seq}?`, "") ?? null;
      if (reason === null) return;
      await post("deletions", { of: e.seq, reason, ...by() });
    }));
    return [fix, del];
  });
}

function startCorrection(event) {
  page.correcting = event;
  const s = page.sheet;
  const form = $("correction");
  form.hidden = false;
  $("correction-what").textContent = `Correcting #${event.seq} (hand ${event.body.hand})`;
  if (event.kind === "entry") {
    $("correction-seats").replaceChildren(...s.players.map((p, seat) => {
      const input = h("input", { type: "number", step: "any", id: `fix-${seat}`, "data-seat": seat });
      const current = event.body.scores[String(seat)];
      if (current !== undefined) input.value = current;
      return h("label", {}, chip(p), input);
    }));
  } else {
    $("correction-seats").replaceChildren(h("label", {}, "Chips ",
      h("input", { type: "number", step: "any", id: "fix-amount", value: event.body.amount })));
  }
}

function pickText(e) {
  const names = page.sheet.players.map((p) => p.name);
  if (e.body.what === "dealer") return `First dealer: ${names[e.body.result.dealer]} (seed ${e.body.seed}, by ${e.by})`;
  const sides = e.body.result.sides.map((side) => side.map((s) => names[s]).join(" & "));
  return `Partnerships: ${sides.join(" against ")} (seed ${e.body.seed}, by ${e.by})`;
}

function historyText(e) {
  const when = new Date(e.at).toLocaleString();
  const b = e.body;
  const what = {
    entry: () => `hand ${b.hand}: ${Object.entries(b.scores).map(([s, p]) => `${page.sheet.players[s].name} ${fmt(p)}`).join(", ")}${b.source ? ` (from ${b.source})` : ""}`,
    transfer: () => `hand ${b.hand}: ${fmt(b.amount)} chips from ${page.sheet.players[b.from].name} to ${page.sheet.players[b.to].name}`,
    correction: () => `corrected #${b.of}${b.reason ? `: ${b.reason}` : ""}`,
    delete: () => `deleted #${b.of}${b.reason ? `: ${b.reason}` : ""}`,
    pick: () => pickText(e),
    timer: () => `timer ${b.label || ""} ${b.seconds} s`,
  }[e.kind];
  return `#${e.seq} ${when} · ${e.by} · ${what ? what() : e.kind}`;
}

function drawTimers() {
  const started = Date.now();
  const timers = page.sheet.timers;
  const paint = () => {
    const gone = (Date.now() - started) / 1000;
    $("timers").replaceChildren(...timers.map((t) => {
      const left = Math.max(0, t.left - gone);
      return h("li", { class: left === 0 ? "timer done" : "timer", text: `${t.label || "timer"}: ${left.toFixed(0)} s left` });
    }));
  };
  clearInterval(page.timer);
  paint();
  if (timers.some((t) => t.left > 0)) page.timer = setInterval(paint, 250);
}

// ------------------------------------------------------------------ actions

const by = () => ($("entry-by").value.trim() ? { by: $("entry-by").value.trim() } : {});

async function post(path, body) {
  const answer = await request("POST", `${BASE}/tables/${page.table.id}/${path}`, { body });
  await openTable(page.table.id);
  return answer;
}

function scoresFrom(prefix) {
  const scores = {};
  for (const input of document.querySelectorAll(`input[id^="${prefix}-"][data-seat]`)) {
    if (input.value !== "") scores[input.dataset.seat] = Number(input.value);
  }
  return scores;
}

function wire() {
  $("add-player").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(async () => {
      await request("POST", `${BASE}/players`, { body: { name: $("player-name").value, colour: $("player-colour").value } });
      $("player-name").value = "";
      await loadPlayers();
    });
  });
  $("add-table").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(async () => {
      const sheet = await request("POST", `${BASE}/tables`, {
        body: { name: $("table-name").value, game: $("table-game").value, players: page.chosen } });
      page.chosen = [];
      drawSeatChoice();
      await loadTables();
      await openTable(sheet.table.id);
    });
  });
  $("order").addEventListener("change", () => run(() => openTable(page.table.id)));
  $("entry").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(async () => {
      const body = { scores: scoresFrom("score"), ...by() };
      if ($("entry-hand").value) body.hand = Number($("entry-hand").value);
      await post("entries", body);
      $("entry-hand").value = "";
    });
  });
  $("correction").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(async () => {
      const e = page.correcting;
      const body = { of: e.seq, reason: $("correction-reason").value, ...by() };
      if (e.kind === "entry") body.scores = scoresFrom("fix");
      else body.amount = Number($("fix-amount").value);
      await post("corrections", body);
      $("correction-reason").value = "";
    });
  });
  $("correction-cancel").addEventListener("click", () => { $("correction").hidden = true; });
  $("transfer").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(() => post("transfers", { from: Number($("transfer-from").value), to: Number($("transfer-to").value),
      amount: Number($("transfer-amount").value), ...by() }));
  });
  $("pick-dealer").addEventListener("click", () => run(() => post("picks", { what: "dealer", ...by() })));
  $("pick-partners").addEventListener("click", () => run(() => post("picks", { what: "partners", ...by() })));
  $("timer").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(() => post("timers", { seconds: Number($("timer-seconds").value), label: $("timer-label").value, ...by() }));
  });
  $("import").addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(async () => {
      const answer = await post("imports", { session: $("import-session").value.trim(), ...by() });
      showMessage(`${answer.imported} hand(s) imported`, "info");
    });
  });
}

async function start() {
  wire();
  await run(async () => {
    page.games = await listGames();
    $("table-game").replaceChildren(...page.games.map((g) => h("option", { value: g.name, text: g.title })));
    await loadPlayers();
    await loadTables();
    const wanted = new URLSearchParams(window.location.search).get("table");
    if (wanted) await openTable(wanted);
  });
}

start();
