// The felt table: lays out any game's view by its zones, seats around, shared zones in the middle.

import { cardBack, cardFace, cardLabel, isCard } from "./cards.js";
import { h } from "./dom.js";

/** Name of a seat from the view's public facts ("South"), or "Seat 3". */
export function seatName(view, seat) {
  const names = view && view.public && view.public.seat_names;
  return (Array.isArray(names) && names[seat]) || `Seat ${seat + 1}`;
}

/** Map each card code to the legal actions that name it (args like "5C+4H" name two cards). */
export function actionsByCard(legalActions) {
  const map = new Map();
  for (const action of legalActions || []) {
    for (const arg of action.args || []) {
      for (const token of String(arg).split(/[+,]/)) {
        if (!isCard(token)) continue;
        if (!map.has(token)) map.set(token, []);
        map.get(token).push(action);
      }
    }
  }
  return map;
}

/** Every card code shown face up in a view. */
export function visibleCards(view) {
  const seen = new Set();
  for (const zone of Object.values(view.zones || {})) for (const c of zone.cards || []) seen.add(c);
  return seen;
}

// Seats clockwise from the viewer: the viewer sits at the bottom.
function seatPositions(players, me) {
  const others = [];
  for (let i = 1; i < players; i++) others.push((me + i) % players);
  const pos = new Map([[me, "bottom"]]);
  if (others.length === 1) pos.set(others[0], "top");
  else if (others.length === 2) { pos.set(others[0], "left"); pos.set(others[1], "right"); }
  else if (others.length >= 3) {
    pos.set(others[0], "left");
    pos.set(others[others.length - 1], "right");
    for (const s of others.slice(1, -1)) pos.set(s, "top");
  }
  return pos;
}

function zoneOwner(name, zone) {
  if (Number.isInteger(zone.owner)) return zone.owner;
  const m = /^hand:(\d+)$/.exec(name);
  return m ? +m[1] : null;
}

function zoneTitle(name, view, owned) {
  const pub = view.public || {};
  const m = /^([a-z_]+):(\d+)$/i.exec(name);
  const base = (m ? m[1] : name).replace(/_/g, " ");
  const title = base[0].toUpperCase() + base.slice(1);
  // a seat's own zones sit in its box, which already names the seat
  if (!m || owned) return title;
  const index = +m[2];
  // won:N counts per partnership in partnership games, per seat otherwise
  if (base === "won" && Array.isArray(pub.partnerships) && pub.partnerships[index]) {
    return `${title} by ${pub.partnerships[index].map((s) => seatName(view, s)).join("–")}`;
  }
  return `${title} ${index + 1}`;
}

function cardButton(code, ctx, zoneName) {
  const actions = ctx.playable.get(code) || [];
  const enabled = actions.length > 0 && ctx.canAct;
  const verb = actions.length ? actions[0].kind : "card";
  const button = h("button", {
    type: "button", class: "card face" + (enabled ? " playable" : "") + (ctx.hinted.has(code) ? " hinted" : ""),
    "data-card": code, "data-zone": zoneName, disabled: !enabled,
    "aria-label": `${verb} ${cardLabel(code)}`, title: actions.map((a) => a.notation).join(" / ") || cardLabel(code),
  }, cardFace(code));
  button.addEventListener("click", () => ctx.onPlay(actions, code));
  return button;
}

function cardImage(code, ctx, zoneName) {
  if (ctx.playable.has(code)) return cardButton(code, ctx, zoneName);
  return h("span", { class: "card face" + (ctx.hinted.has(code) ? " hinted" : ""), "data-card": code,
    role: "img", "aria-label": cardLabel(code) }, cardFace(code));
}

function backPile(count, label) {
  const shown = Math.min(count, 3);
  const pile = h("span", { class: "pile", role: "img", "aria-label": `${label}: ${count} card${count === 1 ? "" : "s"} face down` });
  for (let i = 0; i < shown; i++) pile.append(h("span", { class: "card back" }, cardBack()));
  if (count === 0) pile.append(h("span", { class: "slot" }));
  pile.append(h("span", { class: "count", text: String(count) }));
  return pile;
}

function backFan(count, label) {
  if (count === 0) return h("span", { class: "slot", role: "img", "aria-label": `${label}: no cards` });
  const fan = h("span", { class: "fan", role: "img", "aria-label": `${label}: ${count} card${count === 1 ? "" : "s"}` });
  for (let i = 0; i < Math.min(count, 13); i++) fan.append(h("span", { class: "card back" }, cardBack()));
  fan.append(h("span", { class: "count", text: String(count) }));
  return fan;
}

function zoneBlock(name, zone, view, ctx, { own = false, owned = false } = {}) {
  const title = zoneTitle(name, view, owned);
  const block = h("section", { class: `zone zone-${name.split(":")[0]}`, "data-zone": name, "aria-label": title });
  block.append(h("h3", { class: "zone-title", text: `${title} (${zone.count})` }));
  if (Array.isArray(zone.cards)) {
    const row = h("div", { class: "cards" + (own ? " hand" : "") + (zone.cards.length > 14 ? " dense" : "") });
    for (const code of zone.cards) row.append(own ? cardButton(code, ctx, name) : cardImage(code, ctx, name));
    if (!zone.cards.length) row.append(h("span", { class: "slot", "aria-label": "empty" }));
    block.append(row);
  } else if (zone.visibility === "owner" || own) {
    block.append(backFan(zone.count, title));
  } else {
    block.append(backPile(zone.count, title));
  }
  return block;
}

function titleOf(text) {
  const base = text.replace(/_/g, " ");
  return base[0].toUpperCase() + base.slice(1);
}

// a layout of card places (Golf's 2 x 3): each place shows its own card, face up or down
function gridBlock(group, view, ctx) {
  const title = titleOf(group.title);
  const block = h("section", { class: `zone zone-grid zone-${group.title}`, "data-zone": group.title, "aria-label": title });
  block.append(h("h3", { class: "zone-title", text: title }));
  const columns = Math.max(...group.zones.map(([, z]) => z.grid[1])) + 1;
  const grid = h("div", { class: "card-grid", style: `grid-template-columns: repeat(${columns}, auto)` });
  const places = [...group.zones].sort((a, b) => a[1].grid[0] - b[1].grid[0] || a[1].grid[1] - b[1].grid[1]);
  for (const [name, zone] of places) {
    const place = h("div", { class: "grid-place", "data-zone": name, style: `grid-row: ${zone.grid[0] + 1}; grid-column: ${zone.grid[1] + 1}` });
    if (Array.isArray(zone.cards) && zone.cards.length) {
      for (const code of zone.cards) place.append(cardImage(code, ctx, name));
    } else if (zone.count > 0) {
      place.append(h("span", { class: "card back", role: "img", "aria-label": `${title}: a card face down` }, cardBack()));
    } else {
      place.append(h("span", { class: "slot", "aria-label": "empty" }));
    }
    grid.append(place);
  }
  block.append(grid);
  return block;
}

// zones that belong together (one player's melds): one row, each zone its own small fan
function groupBlock(group, view, ctx) {
  const title = titleOf(group.title);
  const total = group.zones.reduce((n, [, z]) => n + z.count, 0);
  const block = h("section", { class: `zone zone-group zone-${group.title}`, "data-zone": group.title, "aria-label": title });
  const count = group.zones.length === 1 ? `${total}` : `${group.zones.length}, ${total} cards`;
  block.append(h("h3", { class: "zone-title", text: `${title} (${count})` }));
  const row = h("div", { class: "group-row" });
  for (const [name, zone] of group.zones) {
    const item = h("div", { class: "group-item", "data-zone": name });
    if (Array.isArray(zone.cards)) for (const code of zone.cards) item.append(cardImage(code, ctx, name));
    else item.append(backPile(zone.count, title));
    row.append(item);
  }
  block.append(row);
  return block;
}

function trickBlock(plays, view, positions, label, faded) {
  const block = h("section", { class: "zone trick-area" + (faded ? " faded" : ""), "data-zone": faded ? "last_trick" : "trick", "aria-label": label });
  block.append(h("h3", { class: "zone-title", text: label }));
  const compass = h("div", { class: "compass" });
  // a seat that played several cards to the trick (a continued trick) shows them overlapped
  const bySeat = new Map();
  for (const play of plays) {
    if (!bySeat.has(play.seat)) bySeat.set(play.seat, []);
    bySeat.get(play.seat).push(play.card);
  }
  // with five or more players several seats sit at the top: their cards go in one row, clockwise
  const topOrder = [...positions].filter(([, where]) => where === "top").map(([seat]) => seat);
  const top = [];
  for (const [seat, cards] of bySeat) {
    const where = positions.get(seat) || "top";
    const faces = cards.map((card) => h("span", { class: "card face", role: "img", "aria-label": `${seatName(view, seat)}: ${cardLabel(card)}` }, cardFace(card)));
    const figure = h("figure", { class: `played at-${where}` + (cards.length > 1 ? " several" : ""), "data-card": cards[cards.length - 1], "data-cards": cards.join(" ") },
      h("div", { class: "played-cards" }, ...faces),
      h("figcaption", { text: seatName(view, seat) }));
    if (where === "top") top.push([topOrder.indexOf(seat), figure]);
    else compass.append(figure);
  }
  if (top.length) {
    top.sort((a, b) => a[0] - b[0]);
    compass.append(h("div", { class: "played-row" }, ...top.map(([, figure]) => figure)));
  }
  if (!plays.length) compass.append(h("span", { class: "slot" }));
  block.append(compass);
  return block;
}

function isTrickList(value) {
  return Array.isArray(value) && value.every((p) => p && Number.isInteger(p.seat) && typeof p.card === "string");
}

/**
 * Draw the table for a session state into `root`.
 * ctx: {onPlay(actions, card), hinted: Set of card codes, canAct: boolean}
 */
export function renderTable(root, session, ctx) {
  const view = session.view;
  const pub = view.public || {};
  const players = (session.seats || []).length || 1;
  const me = session.seat;
  const positions = seatPositions(players, me);
  const full = { ...ctx, playable: actionsByCard(session.legal_actions) };
  const toMove = new Set(session.to_move || view.to_move || []);

  const table = h("div", { class: `table players-${players}` });
  const areas = { top: h("div", { class: "area area-top" }), left: h("div", { class: "area area-left" }),
    right: h("div", { class: "area area-right" }), bottom: h("div", { class: "area area-bottom" }),
    center: h("div", { class: "area area-center" }) };

  const seatBoxes = new Map();
  for (let s = 0; s < players; s++) {
    const badges = [];
    if (pub.dealer === s) badges.push(h("span", { class: "badge", text: "dealer" }));
    if (toMove.has(s) && !view.over) badges.push(h("span", { class: "badge turn", text: "to play" }));
    const who = s === me ? `${seatName(view, s)} (you)` : `${seatName(view, s)} · ${session.seats[s]}`;
    const box = h("div", { class: "seat" + (toMove.has(s) ? " active" : "") + (s === me ? " me" : ""), "data-seat": s },
      h("div", { class: "seat-name" }, h("span", { text: who }), ...badges));
    seatBoxes.set(s, box);
    areas[positions.get(s)].append(box);
  }

  const plays = isTrickList(pub.trick) ? pub.trick : null;
  // zones with a grid place (a layout) or a group name (melds) are drawn together
  const gathered = new Map();
  const gather = (key, title, owner, kind, entry) => {
    if (!gathered.has(key)) gathered.set(key, { title, owner, kind, zones: [] });
    gathered.get(key).zones.push(entry);
  };
  for (const [name, zone] of Object.entries(view.zones || {})) {
    const owner = zoneOwner(name, zone);
    if (Array.isArray(zone.grid)) {
      gather(`grid|${owner}|${name.split(":")[0]}`, name.split(":")[0], owner, "grid", [name, zone]);
      continue;
    }
    if (typeof zone.group === "string") {
      gather(`group|${owner}|${zone.group}`, zone.group, owner, "group", [name, zone]);
      continue;
    }
    if (owner !== null && seatBoxes.has(owner)) {
      seatBoxes.get(owner).append(zoneBlock(name, zone, view, full, { own: owner === me, owned: true }));
    } else if (name === "trick" && plays) {
      if (plays.length || !isTrickList(pub.last_trick) || !pub.last_trick.length) {
        areas.center.append(trickBlock(plays, view, positions, "Trick", false));
      } else {
        areas.center.append(trickBlock(pub.last_trick, view, positions, "Last trick", true));
      }
    } else {
      areas.center.append(zoneBlock(name, zone, view, full));
    }
  }

  for (const group of gathered.values()) {
    const block = group.kind === "grid" ? gridBlock(group, view, full) : groupBlock(group, view, full);
    if (group.owner !== null && seatBoxes.has(group.owner)) seatBoxes.get(group.owner).append(block);
    else areas.center.append(block);
  }

  table.append(areas.top, areas.left, areas.center, areas.right, areas.bottom);
  root.replaceChildren(table);
}
