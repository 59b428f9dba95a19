// Side panels: public facts (generic key/value with known-key renderers), the score sheet and
// standings (one renderer for every game, from the session's score_sheet), log, hint.

import { cardLabel, isCard, isRedSuit, suitSymbol } from "./cards.js";
import { seatName } from "./table.js";
import { h } from "./dom.js";

const SEAT_KEYS = new Set(["dealer", "leader", "declarer", "turn", "bidder", "caller", "winner", "seat", "sitting_out"]);
// Shown elsewhere on the page (the session's score sheet), so the facts panel skips them.
const SKIP_KEYS = new Set(["score_sheet"]);

function humanKey(key) {
  const text = key.replace(/_/g, " ");
  return text[0].toUpperCase() + text.slice(1);
}

function suitNode(letter) {
  return h("span", { class: "suit" + (isRedSuit(letter) ? " red" : ""), "aria-label": letter, text: suitSymbol(letter) });
}

function cardText(code) {
  const label = cardLabel(code);
  const red = /[♥♦]/.test(label);
  return h("span", { class: "card-text" + (red ? " red" : ""), text: label });
}

function sideName(view, index) {
  const sides = view.public && view.public.partnerships;
  if (Array.isArray(sides) && Array.isArray(sides[index])) {
    return sides[index].map((s) => seatName(view, s)).join("–");
  }
  return seatName(view, index);
}

function plainValue(value, view) {
  if (value === null || value === undefined) return h("span", { class: "muted", text: "—" });
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  if (typeof value === "string") return isCard(value) ? cardText(value) : document.createTextNode(value);
  if (typeof value === "number") return document.createTextNode(String(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted", text: "—" });
    const span = h("span", { class: "list" });
    value.forEach((v, i) => {
      if (i) span.append(", ");
      // brackets keep the groups of a nested list apart
      const nested = Array.isArray(v);
      if (nested) span.append("(");
      span.append(nested && !v.length ? "" : plainValue(v, view));
      if (nested) span.append(")");
    });
    return span;
  }
  if (isPlay(value)) return playNode(value, view);
  if (Number.isInteger(value.seat)) return seatEntry(value, view);
  const dl = h("dl", { class: "nested" });
  for (const [k, v] of Object.entries(value)) dl.append(h("dt", { text: humanKey(k) }), h("dd", {}, factValue(k, v, view)));
  return dl;
}

// An entry that belongs to a seat ({seat: 1, call: "bid 8"}) reads as "West: bid 8".
function seatEntry(value, view) {
  const span = h("span", { class: "seat-entry" }, `${seatName(view, value.seat)}: `);
  Object.entries(value).filter(([k]) => k !== "seat").forEach(([k, v], i) => {
    if (i) span.append(" ");
    span.append(plainValue(v, view));
  });
  return span;
}

function factValue(key, value, view) {
  const special = SPECIAL[key] ? SPECIAL[key](value, view) : null;
  if (special) return special;
  if (SEAT_KEYS.has(key) && Number.isInteger(value)) return document.createTextNode(seatName(view, value));
  return plainValue(value, view);
}

function isPlay(value) {
  return value && typeof value === "object" && Number.isInteger(value.seat) && typeof value.card === "string";
}

function playNode(play, view) {
  return h("span", { class: "play" }, `${seatName(view, play.seat)}: `, cardText(play.card));
}

function playsNode(plays, view) {
  if (!Array.isArray(plays) || !plays.length) return h("span", { class: "muted", text: "—" });
  const span = h("span", { class: "plays" });
  plays.forEach((p, i) => {
    if (i) span.append(", ");
    span.append(isPlay(p) ? playNode(p, view) : plainValue(p, view));
  });
  return span;
}

function perSide(values, view) {
  const span = h("span", { class: "per-side" });
  values.forEach((v, i) => {
    if (i) span.append(" · ");
    span.append(`${sideName(view, i)} ${v}`);
  });
  return span;
}

// Renderers for keys whose meaning is known; everything else goes through plainValue.
const SPECIAL = {
  trump: (v) => (typeof v === "string" && suitSymbol(v) !== v ? suitNode(v) : null),
  trick: playsNode,
  last_trick: playsNode,
  seat_names: (v) => document.createTextNode(Array.isArray(v) ? v.join(", ") : String(v)),
  partnerships: (v, view) => document.createTextNode(Array.isArray(v) ? v.map((_, i) => sideName(view, i)).join(" vs ") : String(v)),
  tricks_won: (v, view) => (Array.isArray(v) ? perSide(v, view) : null),
  points: (v, view) => (Array.isArray(v) && view.public.partnerships ? perSide(v, view) : null),
  games: (v, view) => (Array.isArray(v) && view.public.partnerships ? perSide(v, view) : null),
};

/** The public dict as a definition list. */
export function renderFacts(root, view) {
  const dl = h("dl", { class: "facts" });
  for (const [key, value] of Object.entries(view.public || {})) {
    if (SKIP_KEYS.has(key)) continue;
    dl.append(h("dt", { text: humanKey(key) }), h("dd", { "data-key": key }, factValue(key, value, view)));
  }
  root.replaceChildren(dl);
}

function signed(points) {
  const n = Number(points);
  return n > 0 ? `+${points}` : String(points);
}

function detailText(detail) {
  return Object.entries(detail || {})
    .filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v) || Array.isArray(v))
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${Array.isArray(v) ? v.join("–") : v}`)
    .join(", ");
}

function sheetEvent(event, sheet) {
  const who = (event.sides || []).map((i) => sheet.sides[i] ? sheet.sides[i].label : `side ${i + 1}`).join(", ");
  const detail = detailText(event.detail);
  return h("li", { class: "sheet-event", "data-source": event.source },
    h("span", { class: "who", text: who }), ": ", event.source, " ",
    h("strong", { class: "pts", text: signed(event.points) }),
    detail ? h("span", { class: "muted", text: ` (${detail})` }) : null);
}

function sideCell(points, total, side) {
  return h("td", { class: "side-col", "data-side": side },
    h("span", { class: "pts", text: signed(points) }), " ", h("span", { class: "total", text: String(total) }));
}

function ordinal(place) {
  const n = Number(place);
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${tail}`;
}

/**
 * The score sheet every game shares (the session's `score_sheet`): a row per hand with
 * each side's points that hand and its running total, the scoring events of the row
 * with their sources, the totals, and the standings in the game's own direction.
 */
export function renderScoreSheet(root, sheet, session) {
  root.hidden = !sheet;
  if (!sheet) {
    root.replaceChildren();
    return;
  }
  const me = session ? session.seat : null;
  const sides = sheet.sides || [];
  const heading = h("h2", { text: "Score sheet" });
  const head = h("thead", {}, h("tr", {},
    h("th", { scope: "col", text: "Hand" }),
    ...sides.map((side) => h("th", { scope: "col", class: "side-col" + ((side.seats || []).includes(me) ? " me" : ""),
      "data-side": side.side, text: side.label })),
    h("th", { scope: "col", text: "Scored" })));
  const body = h("tbody", {}, ...(sheet.rows || []).map((row) => h("tr", { "data-hand": row.hand },
    h("td", { class: "hand", text: String(row.hand) }),
    ...sides.map((_, i) => sideCell(row.points[i], row.totals[i], i)),
    h("td", { class: "events" }, row.events.length
      ? h("ul", { class: "sheet-events" }, ...row.events.map((e) => sheetEvent(e, sheet)))
      : h("span", { class: "muted", text: "nothing scored" })))));
  const foot = h("tfoot", {}, h("tr", { class: "sheet-totals" },
    h("th", { scope: "row", text: "Total" }),
    ...sides.map((_, i) => h("td", { class: "side-col", "data-side": i, text: String((sheet.totals || [])[i]) })),
    h("td", { class: "muted", text: `${sheet.hands_played} hand${sheet.hands_played === 1 ? "" : "s"} played` })));
  const table = h("table", { class: "sheet" },
    h("caption", { text: "Each side: points that hand, then the running total." }), head, body, foot);
  const empty = (sheet.rows || []).length ? null : h("p", { class: "muted empty-sheet", text: "No hand finished yet." });
  root.replaceChildren(...[heading, table, empty, standingsNode(sheet, me)].filter(Boolean));
}

function standingsNode(sheet, me) {
  const order = sheet.low_score_wins ? "lowest score first" : "highest score first";
  const items = (sheet.standings || []).map((entry) => {
    const extra = Object.entries(entry).filter(([k, v]) => !["side", "seats", "label", "score", "place"].includes(k)
      && ["string", "number"].includes(typeof v)).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
    return h("li", { class: "standing" + ((entry.seats || []).includes(me) ? " me" : ""), "data-place": entry.place,
      "data-side": entry.side },
      h("span", { class: "place", text: ordinal(entry.place) }), " ", h("span", { class: "who", text: entry.label }), " ",
      h("strong", { class: "score", text: String(entry.score) }),
      extra.length ? h("span", { class: "muted", text: ` (${extra.join(", ")})` }) : null);
  });
  return h("section", { class: "standings", "aria-label": "Standings" },
    h("h3", { text: `Standings (${order})` }), h("ol", { class: "standings-list" }, ...items));
}

/** The standings alone (side panel): place, side and score; per-seat scores without a sheet. */
export function renderStandings(root, session) {
  const sheet = session.score_sheet;
  if (!sheet) {
    const rows = (session.scores || []).map((score, seat) => h("tr", { class: seat === session.seat ? "me" : null },
      h("th", { scope: "row", text: seatName(session.view, seat) }), h("td", { text: String(score) })));
    root.replaceChildren(h("h2", { text: "Scores" }), h("table", { class: "scores" }, h("tbody", {}, ...rows)));
    return;
  }
  const rows = (sheet.standings || []).map((entry) => h("tr", { class: (entry.seats || []).includes(session.seat) ? "me" : null,
    "data-side": entry.side },
    h("td", { class: "place", text: ordinal(entry.place) }),
    h("th", { scope: "row", text: entry.label }),
    h("td", { class: "score", text: String(entry.score) })));
  root.replaceChildren(h("h2", { text: "Standings" }), h("table", { class: "scores" }, h("tbody", {}, ...rows)));
}

/** The action log, newest last, scrolled to the end. */
export function renderLog(list, session) {
  const view = session.view;
  const items = (session.log || []).slice(-300).map((entry) => {
    // seat -1 is the server's clock: a deadline passed, or time moved on before an action
    const who = entry.seat === -1 ? "⏱ clock" : entry.seat === session.seat ? `${seatName(view, entry.seat)} (you)`
      : Number.isInteger(entry.seat) ? seatName(view, entry.seat) : "—";
    // an older play the rules no longer let anyone look at: only its verb is sent
    if (entry.concealed) {
      return h("li", { "data-version": entry.version, class: "concealed" }, h("span", { class: "who", text: who }), " ",
        entry.action, h("span", { class: "muted", text: " (turned face down)" }));
    }
    return h("li", { "data-version": entry.version }, h("span", { class: "who", text: who }), " ", actionText(entry.action));
  });
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

/** An action notation with its card codes shown as "Q♠". */
export function actionText(notation) {
  const span = h("span", { class: "action" });
  String(notation).split(" ").forEach((word, i) => {
    if (i) span.append(" ");
    const parts = word.split("+");
    parts.forEach((part, j) => {
      if (j) span.append("+");
      span.append(isCard(part) ? cardText(part) : part);
    });
  });
  return span;
}

function evaluationNode(evaluation) {
  const dl = h("dl", { class: "nested" });
  for (const [k, v] of Object.entries(evaluation || {})) {
    const shown = typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : typeof v === "object" ? JSON.stringify(v) : String(v);
    dl.append(h("dt", { text: humanKey(k) }), h("dd", { text: shown }));
  }
  return dl;
}

/** What a hint says of an alternative besides its action: "visits 12 · lead share 0.57". */
function alternativeFacts(alt) {
  return Object.entries(alt)
    .filter(([k, v]) => k !== "action" && k !== "note" && v !== null && typeof v !== "object")
    .map(([k, v]) => `${humanKey(k)} ${typeof v === "number" && !Number.isInteger(v) ? v.toFixed(2) : v}`)
    .join(" · ");
}

/** A hint: the move, why, how it was judged, and a few alternatives. */
export function renderHint(root, hint) {
  if (!hint) {
    root.replaceChildren();
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const alternatives = (hint.alternatives || []).slice(0, 5).map((alt) => {
    const facts = alternativeFacts(alt);
    return h("li", {}, actionText(alt.action ? alt.action.notation : String(alt)),
      alt.note ? ` — ${alt.note}` : "", facts ? ` — ${facts}` : "");
  });
  root.replaceChildren(
    h("h2", { text: "Hint" }),
    h("p", { class: "hint-move" }, "Suggested: ", h("strong", {}, actionText(hint.action.notation)),
      h("span", { class: "method", text: ` (${hint.method || "heuristic"})` })),
    h("p", { class: "hint-reason", id: "hint-reason", text: hint.reason || "" }),
    Object.keys(hint.evaluation || {}).length ? evaluationNode(hint.evaluation) : null,
    alternatives.length ? h("details", {}, h("summary", { text: "Alternatives" }), h("ol", {}, ...alternatives)) : null);
}
