// Card codes as the API writes them ("7H", "TD", "AS") -> names, symbols and display orders. Display only.

const RANKS = 'A23456789TJQK';
const RANK_NAMES = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
// Suits alternate colour when a hand is sorted by suit: spades, hearts, clubs, diamonds.
const SUIT_ORDER = 'SHCD';

/** Split a code into rank and suit; accepts "10H" as well as "TH". */
export function parseCode(code) {
  const match = /^(10|[A2-9TJQK])([CDHS])$/.exec(String(code).trim().toUpperCase());
  if (!match) throw new Error(`not a card code: ${code}`);
  return { rank: match[1] === '10' ? 'T' : match[1], suit: match[2] };
}

/** "seven of hearts" */
export function cardName(code) {
  const { rank, suit } = parseCode(code);
  return `${RANK_NAMES[RANKS.indexOf(rank)]} of ${SUIT_NAMES[suit]}`;
}

/** "10" for T, else the rank. */
export const rankLabel = (code) => parseCode(code).rank.replace('T', '10');

export const suitSymbol = (code) => SUIT_SYMBOLS[parseCode(code).suit];

/** "7♥", "10♦" */
export const shortName = (code) => rankLabel(code) + suitSymbol(code);

/** A sort key: by rank then suit, or by suit then rank. */
function place(code, suitFirst = false) {
  const { rank, suit } = parseCode(code);
  const [r, s] = [RANKS.indexOf(rank), SUIT_ORDER.indexOf(suit)];
  return suitFirst ? s * 13 + r : r * 4 + s;
}

export const compareByRank = (a, b) => place(a) - place(b);

export const sortByRank = (codes) => [...codes].sort(compareByRank);

export const sortBySuit = (codes) => [...codes].sort((a, b) => place(a, true) - place(b, true));

/** A meld in reading order: a run low to high, a set by suit. */
export const meldOrder = sortByRank;
