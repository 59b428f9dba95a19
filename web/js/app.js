// Entry point: switches between lobby and table, sends actions, polls while bots think.
// A real-time session on the server clock polls its version twice a second whoever is to
// move (others act at any moment) and runs the game clock on between polls.

import { ApiError, createSession, getHint, getSession, getVersion, listGames, postAction } from "./api.js";
import { renderLobby } from "./lobby.js";
import { actionText, renderFacts, renderHint, renderLog, renderScoreSheet, renderStandings } from "./panels.js";
import { actionsByCard, renderTable, seatName, visibleCards } from "./table.js";

const POLL_MS = 2000;
const LIVE_POLL_MS = 500;   // server clock: ask for the version this often (docs/api.md says why polling)
const LAST_KEY = "cardsage.last-session";

const app = {
  id: null,
  token: null,
  session: null,
  hint: null,
  choice: null,      // several legal actions share the clicked card: the player picks one
  busy: false,
  pollTimer: null,
  clockTimer: null,
  clockBase: null,   // {now: server game time, at: performance.now()} of the last answer
  invites: {},       // other human seats' tokens, for hot-seat links
};

const $ = (id) => document.getElementById(id);

function showMessage(text, kind = "error") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

function clearMessage() {
  showMessage("");
}

function errorText(err) {
  if (err instanceof ApiError) return `${err.title}: ${err.detail}${err.field ? ` (${err.field})` : ""}`;
  return String(err && err.message ? err.message : err);
}

// ------------------------------------------------------------------ session link

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("session");
  const token = params.get("token");
  return id && token ? { id, token } : null;
}

function sessionLink(id, token) {
  return `${location.origin}${location.pathname}#session=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

function remember(id, token) {
  history.replaceState(null, "", `#session=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
  try {
    localStorage.setItem(LAST_KEY, JSON.stringify({ id, token }));
  } catch { /* private mode: the URL hash still resumes */ }
}

function lastSession() {
  try {
    const last = JSON.parse(localStorage.getItem(LAST_KEY) || "null");
    return last && last.id && last.token ? last : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ lobby

async function showLobby() {
  stopPolling();
  clearInterval(app.clockTimer);
  $("clock").hidden = true;
  app.session = null;
  $("game").hidden = true;
  const lobby = $("lobby");
  lobby.hidden = false;
  try {
    const games = await listGames();
    renderLobby(lobby, games, startGame);
    const last = lastSession();
    if (last) {
      const resume = document.createElement("button");
      resume.type = "button";
      resume.className = "secondary resume";
      resume.textContent = "Resume last game";
      resume.addEventListener("click", () => openSession(last.id, last.token));
      lobby.append(resume);
    }
  } catch (err) {
    showMessage(errorText(err));
  }
}

async function startGame(config) {
  if (!config.seats.includes("human")) {
    showMessage("Choose “human (you)” for at least one seat.");
    return;
  }
  try {
    const created = await createSession(config);
    const seats = Object.keys(created.tokens).map(Number).sort((a, b) => a - b);
    app.invites = {};
    for (const s of seats.slice(1)) app.invites[s] = created.tokens[String(s)];
    clearMessage();
    await openSession(created.id, created.tokens[String(seats[0])]);
  } catch (err) {
    showMessage(errorText(err));
  }
}

// ------------------------------------------------------------------ session

async function openSession(id, token) {
  app.id = id;
  app.token = token;
  app.hint = null;
  app.choice = null;
  remember(id, token);
  try {
    const session = await getSession(id, token);
    $("lobby").hidden = true;
    $("game").hidden = false;
    show(session);
  } catch (err) {
    showMessage(`Cannot open session ${id}: ${errorText(err)}`);
    history.replaceState(null, "", location.pathname);
    await showLobby();
  }
}

function myTurn(session) {
  return !session.over && (session.to_move || []).includes(session.seat);
}

function show(session) {
  const previous = app.session;
  if (previous && previous.version !== session.version) {
    app.hint = null;
    app.choice = null;
  }
  app.session = session;
  setClockBase(session.clock);
  const focusWasOnCards = document.activeElement === document.body ||
    (document.activeElement && document.activeElement.closest && document.activeElement.closest("#table, #actions"));
  render();
  if (focusWasOnCards && myTurn(session)) focusFirstPlayable();
  schedulePoll();
}

function render() {
  const session = app.session;
  const view = session.view;
  // state on the element so scripts and tests can wait for a redraw
  $("game").dataset.version = String(session.version);
  $("game").dataset.turn = session.over ? "over" : myTurn(session) ? "you" : "others";
  const hinted = new Set();
  if (app.hint && app.hint.action) {
    for (const arg of app.hint.action.args || []) for (const part of String(arg).split(/[+,]/)) hinted.add(part);
  }
  renderTable($("table"), session, { onPlay: playCard, hinted, canAct: myTurn(session) && !app.busy });
  renderActionButtons(session);
  renderStatus(session);
  renderSessionInfo(session);
  renderStandings($("scores"), session);
  renderHint($("hint"), app.hint);
  renderScoreSheet($("sheet"), session.score_sheet, session);
  renderFacts($("facts"), view);
  renderLog($("log"), session);
  renderClock();
  $("hint-button").disabled = !myTurn(session);
  $("typed-action").disabled = session.over;
}

function renderStatus(session) {
  const view = session.view;
  const status = $("status");
  if (session.over) {
    const standings = session.score_sheet && session.score_sheet.standings;
    const scores = standings
      ? standings.map((e) => `${e.label} ${e.score}`).join(", ")
      : (session.scores || []).map((s, i) => `${seatName(view, i)} ${s}`).join(", ");
    status.textContent = `Match over. Final scores: ${scores}.`;
  } else if (myTurn(session)) {
    status.textContent = "Your turn: choose a card or an action.";
  } else {
    const waiting = (session.to_move || []).map((s) => `${seatName(view, s)} (${session.seats[s]})`).join(", ");
    status.textContent = `Waiting for ${waiting || "the other players"}…`;
  }
  status.classList.toggle("your-turn", myTurn(session));
}

// Card plays are clicked on the table; every other legal action becomes a button here.
function renderActionButtons(session) {
  const box = $("actions");
  const canAct = myTurn(session) && !app.busy;
  let actions;
  if (app.choice) {
    actions = app.choice;
  } else {
    const shown = visibleCards(session.view);
    const byCard = actionsByCard(session.legal_actions);
    const viaCards = new Set();
    for (const [code, list] of byCard) if (shown.has(code)) list.forEach((a) => viaCards.add(a.notation));
    actions = (session.legal_actions || []).filter((a) => !viaCards.has(a.notation));
  }
  const hintNotation = app.hint && app.hint.action ? app.hint.action.notation : null;
  const buttons = actions.slice(0, 60).map((action) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action" + (action.notation === hintNotation ? " hinted" : "");
    b.dataset.action = action.notation;
    b.disabled = !canAct;
    const text = actionText(action.notation);
    b.setAttribute("aria-label", text.textContent);
    b.append(text);
    b.addEventListener("click", () => play(action.notation));
    return b;
  });
  if (app.choice) {
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => { app.choice = null; render(); });
    buttons.push(cancel);
  }
  box.replaceChildren(...buttons);
  if (actions.length > 60) box.append(` …and ${actions.length - 60} more: type one below.`);
}

function renderSessionInfo(session) {
  const box = $("session-info");
  const link = sessionLink(session.id, app.token);
  const parts = [`<h2>Session</h2>`,
    `<p>${escapeHtml(session.game)} · id <code id="session-id">${escapeHtml(session.id)}</code> · version ${session.version}</p>`,
    `<p><a id="session-link" href="${escapeHtml(link)}">Link to resume this game</a></p>`];
  for (const [seat, token] of Object.entries(app.invites)) {
    if (token === app.token) continue;
    parts.push(`<p><a href="${escapeHtml(sessionLink(session.id, token))}" target="_blank" rel="noopener">Play as ${escapeHtml(seatName(session.view, +seat))}</a></p>`);
  }
  parts.push(`<button type="button" id="new-game" class="secondary">New game</button>`);
  box.innerHTML = parts.join("");
  $("new-game").addEventListener("click", () => {
    history.replaceState(null, "", location.pathname);
    clearMessage();
    showLobby();
  });
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function focusFirstPlayable() {
  const target = document.querySelector("#table .hand .card:not([disabled]), #actions button:not([disabled])");
  if (target) target.focus();
}

// ------------------------------------------------------------------ acting

function playCard(actions) {
  if (!actions.length) return;
  if (actions.length === 1) {
    play(actions[0].notation);
    return;
  }
  app.choice = actions;
  render();
  const first = document.querySelector("#actions button:not([disabled])");
  if (first) first.focus();
}

async function play(notation) {
  if (app.busy || !app.session) return;
  app.busy = true;
  stopPolling();
  try {
    const session = await postAction(app.id, app.token, notation, app.session.version);
    clearMessage();
    app.busy = false;
    show(session);
    return true;
  } catch (err) {
    app.busy = false;
    showMessage(errorText(err));
    if (err instanceof ApiError && err.status === 409) await refresh();
    else render();
    schedulePoll();
    return false;
  }
}

async function askHint() {
  if (!app.session || !myTurn(app.session)) return;
  try {
    app.hint = await getHint(app.id, app.token);
    clearMessage();
    render();
  } catch (err) {
    showMessage(errorText(err));
  }
}

async function refresh() {
  if (!app.id) return;
  try {
    const session = await getSession(app.id, app.token);
    if (!app.session || session.version !== app.session.version || session.over !== app.session.over) show(session);
    else schedulePoll();
  } catch (err) {
    showMessage(errorText(err));
    schedulePoll();
  }
}

function stopPolling() {
  clearTimeout(app.pollTimer);
  app.pollTimer = null;
}

// Someone else is to act (a slow bot, another human): ask again shortly. On a server clock
// anyone may act at any moment: ask for the version often, and fetch the session when it moved.
function schedulePoll() {
  stopPolling();
  const session = app.session;
  if (!session || session.over || app.busy) return;
  if (isLive(session)) {
    app.pollTimer = setTimeout(pollVersion, LIVE_POLL_MS);
    return;
  }
  if (myTurn(session)) return;
  app.pollTimer = setTimeout(refresh, POLL_MS);
}

function isLive(session) {
  return Boolean(session && session.clock && session.clock.mode === "server" && !session.over);
}

async function pollVersion() {
  if (!app.id || !app.session) return;
  const id = app.id;
  try {
    const polled = await getVersion(app.id, app.token);
    if (id !== app.id || app.busy) return;
    if (polled.version !== app.session.version || polled.over !== app.session.over) {
      await refresh();
      return;
    }
    setClockBase(polled.clock);
  } catch (err) {
    showMessage(errorText(err));
  }
  schedulePoll();
}

// ------------------------------------------------------------------ the running clock

function setClockBase(clock) {
  app.clockBase = clock && clock.mode === "server" ? { now: clock.now, at: performance.now() } : null;
}

function gameTimeNow() {
  const base = app.clockBase;
  return base ? base.now + (performance.now() - base.at) / 1000 : null;
}

// The game time, and the deadline that matters now (Twenty-Four: the answer or judging
// window, the time from which no solution may be agreed).
function renderClock() {
  const box = $("clock");
  const session = app.session;
  const now = session && !session.over ? gameTimeNow() : null;
  clearInterval(app.clockTimer);
  app.clockTimer = null;
  if (now === null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const pub = (session.view && session.view.public) || {};
  let deadline = null;
  let label = "";
  if (pub.answer_deadline != null) [deadline, label] = [pub.answer_deadline, pub.answerer === session.seat ? "answer within" : "answer due in"];
  else if (pub.judge_deadline != null) [deadline, label] = [pub.judge_deadline, "judging closes in"];
  else if (pub.phase === "race" && pub.no_solution_from != null && now < pub.no_solution_from) [deadline, label] = [pub.no_solution_from, "no solution may be agreed in"];
  const tick = () => {
    const t = gameTimeNow();
    box.dataset.gameTime = t.toFixed(1);
    box.replaceChildren(`⏱ ${t.toFixed(1)} s`);
    if (deadline !== null) {
      const left = Math.max(0, deadline - t);
      const span = document.createElement("span");
      span.className = "deadline" + (left < 3 ? " soon" : "");
      span.textContent = `${label} ${left.toFixed(1)} s`;
      box.append(span);
      box.dataset.deadlineLeft = left.toFixed(1);
    } else {
      delete box.dataset.deadlineLeft;
    }
  };
  tick();
  app.clockTimer = setInterval(tick, 100);
}

// ------------------------------------------------------------------ wiring

function moveFocusInHand(event) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const row = event.target.closest && event.target.closest(".cards");
  if (!row) return;
  const cards = [...row.querySelectorAll("button.card:not([disabled])")];
  const at = cards.indexOf(event.target);
  if (at < 0 || !cards.length) return;
  const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[event.key];
  cards[(next + cards.length) % cards.length].focus();
  event.preventDefault();
}

function init() {
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("typed-action");
    const text = input.value.trim();
    if (!text) return;
    if (await play(text)) input.value = "";
  });
  $("hint-button").addEventListener("click", askHint);
  $("table").addEventListener("keydown", moveFocusInHand);
  window.addEventListener("hashchange", () => {
    const linked = readHash();
    if (linked && linked.id !== app.id) openSession(linked.id, linked.token);
  });
  const linked = readHash();
  if (linked) openSession(linked.id, linked.token);
  else showLobby();
}

init();
