// Cards as the page shows and reads them: "Ts" is "10♠" on the table and
// "10 of spades" to a screen reader.

const rankNames = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const rankShort = { T: "10" };

/** The suits by letter: symbol, name, colour. */
export const suits = {
  s: { symbol: "♠", name: "spades", red: false },
  h: { symbol: "♥", name: "hearts", red: true },
  d: { symbol: "♦", name: "diamonds", red: true },
  c: { symbol: "♣", name: "clubs", red: false },
};

/** The suits a game of n suits deals, in the order runs are counted. */
export function suitsOf(n) {
  return n === 1 ? ["s"] : n === 2 ? ["s", "h"] : ["s", "h", "d", "c"];
}

/** "6s" → "6 of spades". */
export function cardLabel(card) {
  return `${rankNames[card[0]] ?? card[0]} of ${suits[card[1]].name}`;
}

/** "Ts" → "10♠". */
export function cardText(card) {
  return (rankShort[card[0]] ?? card[0]) + suits[card[1]].symbol;
}

/** The runs removed, per suit of the game: "♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)". */
export function runsText(runs, suitCount) {
  const per = suitsOf(suitCount || 4).map((s) => `${suits[s].symbol} ${runs.filter((r) => r === s).length}`);
  return `${per.join(" · ")} (${runs.length}/8)`;
}

/** Column c's letter: 0 → "a". */
export function letter(c) {
  return String.fromCharCode(97 + c);
}

/** A move in the notation: count cards from column `from` to column `to`. */
export function moveAction(from, to, count) {
  return `${count > 1 ? count : ""}${letter(from)}>${letter(to)}`;
}

/** Milliseconds as "m:ss". */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
