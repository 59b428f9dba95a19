// Card notation and SVG drawing: standard faces, backs, jokers, tarot trumps and Red7 cards.

const SVG_NS = "http://www.w3.org/2000/svg";

const SUITS = {
  S: { name: "spades", symbol: "♠", red: false },
  H: { name: "hearts", symbol: "♥", red: true },
  D: { name: "diamonds", symbol: "♦", red: true },
  C: { name: "clubs", symbol: "♣", red: false },
};
const RANK_NAMES = { A: "A", K: "K", Q: "Q", J: "J", T: "10" };
const RED7_COLOURS = {
  R: ["red", "#d7263d"], O: ["orange", "#f28c28"], Y: ["yellow", "#f2c14e"],
  G: ["green", "#2e9e4f"], B: ["blue", "#2f6fd6"], I: ["indigo", "#4b3f9e"],
  V: ["violet", "#8e44ad"],
};
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
  "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

// Suit shapes on a 10x10 box, drawn by hand so no font is needed for the symbols.
const SUIT_PATHS = {
  H: "M5 9.6C3.2 7.9 0 5.6 0 3C0 1.3 1.3 0 2.8 0C3.8 0 4.6 .6 5 1.5C5.4 .6 6.2 0 7.2 0C8.7 0 10 1.3 10 3C10 5.6 6.8 7.9 5 9.6Z",
  D: "M5 0L9 5L5 10L1 5Z",
  S: "M5 0C6.8 2 10 3.8 10 6.2C10 7.8 8.8 8.8 7.4 8.8C6.5 8.8 5.8 8.4 5.4 7.8L6.3 10H3.7L4.6 7.8C4.2 8.4 3.5 8.8 2.6 8.8C1.2 8.8 0 7.8 0 6.2C0 3.8 3.2 2 5 0Z",
  C: "M5 0A2.4 2.4 0 0 1 7.3 3.2A2.4 2.4 0 1 1 5.6 7.3L6.4 10H3.6L4.4 7.3A2.4 2.4 0 1 1 2.7 3.2A2.4 2.4 0 0 1 5 0Z",
};

/** Read a card code into its parts: {type, rank, suit, copy, ...}; unknown codes give type "other". */
export function parseCard(code) {
  const [base, copy] = String(code).split("#");
  const up = base.toUpperCase();
  let m;
  if ((m = /^X([1-4])$/.exec(up))) return { type: "joker", index: +m[1], copy, code };
  if (up === "FOOL") return { type: "fool", copy, code };
  if ((m = /^T([1-9]|1[0-9]|2[01])$/.exec(up))) return { type: "tarot", number: +m[1], copy, code };
  if ((m = /^([ROYGBIV])([1-7])$/.exec(up))) return { type: "red7", colour: m[1], number: +m[2], copy, code };
  if ((m = /^(10|[AKQJT2-9])([SHDC])$/.exec(up))) {
    const rank = m[1] === "10" ? "T" : m[1];
    return { type: "standard", rank, suit: m[2], copy, code };
  }
  return { type: "other", copy, code };
}

/** True when a string is a card code we know how to draw. */
export function isCard(code) {
  return typeof code === "string" && parseCard(code).type !== "other";
}

/** A short human label such as "Q♠", "10♥", "Joker", "Trump 21", "Red 7". */
export function cardLabel(code) {
  const c = parseCard(code);
  const copy = c.copy ? ` (copy ${c.copy})` : "";
  switch (c.type) {
    case "standard": return (RANK_NAMES[c.rank] || c.rank) + SUITS[c.suit].symbol + copy;
    case "joker": return "Joker" + copy;
    case "fool": return "the Fool" + copy;
    case "tarot": return `Trump ${c.number}` + copy;
    case "red7": {
      const name = RED7_COLOURS[c.colour][0];
      return `${name[0].toUpperCase()}${name.slice(1)} ${c.number}` + copy;
    }
    default: return String(code);
  }
}

/** A suit letter (S H D C) as its symbol, or the input unchanged. */
export function suitSymbol(letter) {
  return SUITS[letter] ? SUITS[letter].symbol : String(letter);
}

/** True for hearts and diamonds. */
export function isRedSuit(letter) {
  return Boolean(SUITS[letter] && SUITS[letter].red);
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function suitShape(suit, x, y, size, colour) {
  const scale = size / 10;
  return el("path", { d: SUIT_PATHS[suit], fill: colour,
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})` });
}

function frame(fill = "#fffdf7") {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img", "aria-hidden": "true" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, fill, stroke: "#555", "stroke-width": 1.2 }));
  return svg;
}

function text(x, y, size, colour, value, extra = {}) {
  return el("text", { x, y, "font-size": size, fill: colour, "text-anchor": "middle",
    "font-family": "system-ui, sans-serif", "font-weight": 700, ...extra }, value);
}

function corners(svg, label, colour, suit) {
  // two-character labels ("10", "21") get narrower so they stay inside the corner
  const size = String(label).length > 1 ? 9 : 11;
  svg.append(text(8.5, 14, size, colour, label, { "letter-spacing": -0.5 }));
  const bottom = el("g", { transform: "rotate(180 30 42)" });
  bottom.append(text(8.5, 14, size, colour, label, { "letter-spacing": -0.5 }));
  if (suit) {
    svg.append(suitShape(suit, 8, 21, 7, colour));
    bottom.append(suitShape(suit, 8, 21, 7, colour));
  }
  svg.append(bottom);
}

function copyMark(svg, copy) {
  if (copy) svg.append(text(30, 80, 6.5, "#777", `#${copy}`));
}

function drawStandard(c) {
  const colour = SUITS[c.suit].red ? "#c8102e" : "#1a1a1a";
  const svg = frame();
  const label = RANK_NAMES[c.rank] || c.rank;
  corners(svg, label, colour, c.suit);
  if ("KQJ".includes(c.rank)) {
    svg.append(el("rect", { x: 15, y: 15, width: 30, height: 54, rx: 3, fill: "none", stroke: colour, "stroke-width": 1 }));
    svg.append(text(30, 42, 20, colour, c.rank));
    svg.append(suitShape(c.suit, 30, 57, 12, colour));
  } else {
    svg.append(suitShape(c.suit, 30, 44, c.rank === "A" ? 26 : 18, colour));
  }
  copyMark(svg, c.copy);
  return svg;
}

function drawJoker(c) {
  const colour = c.index % 2 ? "#c8102e" : "#1a1a1a";
  const svg = frame();
  const star = "M30 26L34 37L45 37L36 44L39 55L30 48L21 55L24 44L15 37L26 37Z";
  svg.append(el("path", { d: star, fill: colour }));
  svg.append(text(30, 68, 9, colour, "JOKER"));
  corners(svg, "★", colour);
  copyMark(svg, c.copy);
  return svg;
}

function drawTarot(c) {
  const svg = frame("#f6efd9");
  const colour = "#5a3b12";
  corners(svg, String(c.number), colour);
  svg.append(el("circle", { cx: 30, cy: 42, r: 16, fill: "none", stroke: colour, "stroke-width": 1.2 }));
  svg.append(text(30, 47, c.number > 17 ? 11 : 13, colour, ROMAN[c.number]));
  copyMark(svg, c.copy);
  return svg;
}

function drawFool(c) {
  const svg = frame("#f6efd9");
  const colour = "#5a3b12";
  corners(svg, "★", colour);
  svg.append(el("circle", { cx: 30, cy: 40, r: 14, fill: "#e9c46a", stroke: colour }));
  svg.append(text(30, 45, 14, colour, "★"));
  svg.append(text(30, 66, 9, colour, "FOOL"));
  copyMark(svg, c.copy);
  return svg;
}

function drawRed7(c) {
  const fill = RED7_COLOURS[c.colour][1];
  const svg = frame();
  svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill }));
  svg.append(text(30, 53, 30, "#fff", String(c.number)));
  svg.append(text(11, 16, 9, "#fff", String(c.number)));
  copyMark(svg, c.copy);
  return svg;
}

function drawUnknown(code) {
  const svg = frame();
  svg.append(text(30, 46, 10, "#333", String(code)));
  return svg;
}

/** The SVG of a card face for any supported code. */
export function cardFace(code) {
  const c = parseCard(code);
  switch (c.type) {
    case "standard": return drawStandard(c);
    case "joker": return drawJoker(c);
    case "tarot": return drawTarot(c);
    case "fool": return drawFool(c);
    case "red7": return drawRed7(c);
    default: return drawUnknown(code);
  }
}

/** The SVG of a card back: a lattice in a bordered panel. */
export function cardBack() {
  const svg = frame("#fff");
  svg.append(el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: "#1f4e8c" }));
  const lattice = el("g", { stroke: "#6f9fd8", "stroke-width": 0.8, opacity: 0.8 });
  for (let i = -76; i < 52; i += 8) {
    lattice.append(el("line", { x1: 4 + i, y1: 4, x2: 4 + i + 76, y2: 80 }));
    lattice.append(el("line", { x1: 4 + i + 76, y1: 4, x2: 4 + i, y2: 80 }));
  }
  const clip = el("clipPath", { id: `back-clip-${nextId++}` });
  clip.append(el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3 }));
  lattice.setAttribute("clip-path", `url(#${clip.id})`);
  svg.append(clip, lattice);
  svg.append(el("rect", { x: 8, y: 8, width: 44, height: 68, rx: 2, fill: "none", stroke: "#cfe0f5", "stroke-width": 1 }));
  return svg;
}
let nextId = 0;
