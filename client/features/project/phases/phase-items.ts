/**
 * The phases view as one column of items for a virtualiser: each phase's header, then its cards in
 * rows of `columns`. Only the items in view are drawn; each is measured as it is drawn, and the
 * space the drawn element leaves out (borders, paddings, gaps, which the layout fixes) is added to
 * its measure, so the items' sizes sum to the list's height.
 */
export type PhaseItem =
  | { kind: "header"; phaseAt: number }
  /** A row of cards: the phase's tasks from `first`, up to `columns` of them. */
  | { kind: "row"; phaseAt: number; first: number; lastRow: boolean };

export type PhaseItems = {
  items: PhaseItem[];
  /** The index of each phase's header item; its rows follow it. */
  headerAt: number[];
  /** The index of each phase's last item (its header when it has no task). */
  lastAt: number[];
};

/**
 * The items of phases holding `taskCounts` tasks (a phase always holds one at least).
 * @example phaseItems([3, 1], 2).items.map((item) => item.kind) // ["header", "row", "row", "header", "row"]
 */
export function phaseItems(taskCounts: readonly number[], columns: number): PhaseItems {
  const items: PhaseItem[] = [];
  const headerAt: number[] = [];
  const lastAt: number[] = [];
  taskCounts.forEach((count, phaseAt) => {
    headerAt.push(items.length);
    items.push({ kind: "header", phaseAt });
    for (let first = 0; first < count; first += columns) {
      items.push({ kind: "row", phaseAt, first, lastRow: first + columns >= count });
    }
    lastAt.push(items.length - 1);
  });
  return { items, headerAt, lastAt };
}

/** Pixels of the layout around the measured elements: Tailwind's p-3/sm:p-4 and p-2/sm:p-3 as numbers. */
export type PhaseSpacing = {
  /** Around the phases, inside the list. */
  list: number;
  /** Around the cards, inside a phase. */
  cards: number;
};

export const PHASE_GAP = 16;
export const ROW_GAP = 8;
const BORDER = 1;

export const phaseSpacing = (wide: boolean): PhaseSpacing => ({ list: wide ? 16 : 12, cards: wide ? 12 : 8 });

/**
 * What an item's size holds beyond its drawn element: above a phase's header its border, below it
 * the cards' padding; below a row the gap to the next, or after a phase's last row the padding, the
 * border and the gap to the next phase.
 * @example spaceAround({ kind: "row", phaseAt: 0, first: 0, lastRow: false }, false, phaseSpacing(true)) // 8
 */
export function spaceAround(item: PhaseItem, lastPhase: boolean, spacing: PhaseSpacing): number {
  if (item.kind === "header") return BORDER + spacing.cards;
  if (!item.lastRow) return ROW_GAP;
  return spacing.cards + BORDER + (lastPhase ? 0 : PHASE_GAP);
}

/** The estimates before an item is measured: a header, and a card of a name and a line of detail. */
export const ESTIMATED_HEADER = 41;
export const ESTIMATED_ROW = 84;
