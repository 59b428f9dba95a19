// Side panels: public facts (generic key/value with known-key renderers), score sheet, log, hint.

import { cardLabel, isCard, isRedSuit, suitSymbol } from "./cards.js";
import { seatName } from "./table.js";
import { h } from "./dom.js";

const SEAT_KEYS = new Set(["dealer", "leader", "declarer", "turn", "bidder", "caller", "winner", "seat", "sitting_out"]);
// Shown elsewhere on the page, so the facts panel skips them.
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

function sheetCell(key, value, view) {
  if (key === "dealer" && Number.isInteger(value)) return document.createTextNode(seatName(view, value));
  if (key === "trump" && typeof value === "string") return suitNode(value);
  if (Array.isArray(value)) return document.createTextNode(value.join(" – "));
  return plainValue(value, view);
}

/** The score sheet (one row per hand) as a table; hidden when the game keeps none. */
export function renderScoreSheet(root, view) {
  const rows = view.public && view.public.score_sheet;
  root.hidden = !Array.isArray(rows);
  if (!Array.isArray(rows)) return;
  if (!rows.length) {
    root.replaceChildren(h("h2", { text: "Score sheet" }), h("p", { class: "muted", text: "No hand finished yet." }));
    return;
  }
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const sides = view.public.partnerships;
  const caption = Array.isArray(sides) ? `Columns with two numbers: ${sideName(view, 0)} – ${sideName(view, 1)}` : "";
  const table = h("table", { class: "sheet" },
    caption ? h("caption", { text: caption }) : null,
    h("thead", {}, h("tr", {}, ...keys.map((k) => h("th", { scope: "col", text: humanKey(k) })))),
    h("tbody", {}, ...rows.map((r) => h("tr", {}, ...keys.map((k) => h("td", {}, sheetCell(k, r[k], view)))))));
  root.replaceChildren(h("h2", { text: "Score sheet" }), table);
}

/** The action log, newest last, scrolled to the end. */
export function renderLog(list, session) {
  const view = session.view;
  const items = (session.log || []).slice(-300).map((entry) => {
    const who = entry.seat === session.seat ? `${seatName(view, entry.seat)} (you)`
      : Number.isInteger(entry.seat) ? seatName(view, entry.seat) : "—";
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

/** A hint: the move, why, how it was judged, and a few alternatives. */
export function renderHint(root, hint) {
  if (!hint) {
    root.replaceChildren();
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const alternatives = (hint.alternatives || []).slice(0, 5).map((alt) =>
    h("li", {}, actionText(alt.action ? alt.action.notation : String(alt)), alt.note ? ` — ${alt.note}` : ""));
  root.replaceChildren(
    h("h2", { text: "Hint" }),
    h("p", { class: "hint-move" }, "Suggested: ", h("strong", {}, actionText(hint.action.notation)),
      h("span", { class: "method", text: ` (${hint.method || "heuristic"})` })),
    h("p", { class: "hint-reason", id: "hint-reason", text: hint.reason || "" }),
    Object.keys(hint.evaluation || {}).length ? evaluationNode(hint.evaluation) : null,
    alternatives.length ? h("details", {}, h("summary", { text: "Alternatives" }), h("ol", {}, ...alternatives)) : null);
}
