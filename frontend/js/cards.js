// Card codes as the API writes them ("7H", "TD", "AS") -> names, symbols and display orders. Display only.

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
export const SUITS = ['C', 'D', 'H', 'S'];

const RANK_NAMES = {
  A: 'ace', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven',
  8: 'eight', 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king',
};
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
// Suits alternate colour when a hand is sorted by suit: spades, hearts, clubs, diamonds.
const SUIT_DISPLAY_ORDER = { S: 0, H: 1, C: 2, D: 3 };

/** Split a code into rank and suit; accepts "10H" as well as "TH". */
export function parseCode(code) {
  const text = String(code).trim().toUpperCase();
  const match = /^(10|[A2-9TJQK])([CDHS])$/.exec(text);
  if (!match) throw new Error(`not a card code: ${code}`);
  const rank = match[1] === '10' ? 'T' : match[1];
  const suit = match[2];
  return { code: rank + suit, rank, suit, rankIndex: RANKS.indexOf(rank), suitIndex: SUITS.indexOf(suit) };
}

/** "seven of hearts" */
export function cardName(code) {
  const { rank, suit } = parseCode(code);
  return `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`;
}

/** "10" for T, else the rank. */
export function rankLabel(code) {
  const { rank } = parseCode(code);
  return rank === 'T' ? '10' : rank;
}

export function suitSymbol(code) {
  return SUIT_SYMBOLS[parseCode(code).suit];
}

/** "7♥", "10♦" */
export function shortName(code) {
  return rankLabel(code) + suitSymbol(code);
}

export function compareByRank(a, b) {
  const x = parseCode(a);
  const y = parseCode(b);
  return x.rankIndex - y.rankIndex || SUIT_DISPLAY_ORDER[x.suit] - SUIT_DISPLAY_ORDER[y.suit];
}

export function compareBySuit(a, b) {
  const x = parseCode(a);
  const y = parseCode(b);
  return SUIT_DISPLAY_ORDER[x.suit] - SUIT_DISPLAY_ORDER[y.suit] || x.rankIndex - y.rankIndex;
}

export function sortByRank(codes) {
  return [...codes].sort(compareByRank);
}

export function sortBySuit(codes) {
  return [...codes].sort(compareBySuit);
}

/** A meld in reading order: a run low to high, a set by suit. */
export const meldOrder = sortByRank;
