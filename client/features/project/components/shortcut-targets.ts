// What the single-key shortcuts read from the page (docs/spec/keyboard-and-palette.md): whether it is
// their turn (nobody typing, no dialog or menu open), which task the user is on, and the open
// view's search box.
import { isTypingTarget } from "./undo-keys";

/**
 * The attributes by which each view marks a task's row, card or bar with the task's id: the list's
 * rows, the Gantt chart's rows and bars, the board's cards, the phases' cards, the graph's frames.
 */
export const TASK_ATTRIBUTES = [
  "data-task-row",
  "data-gantt-row",
  "data-gantt-bar",
  "data-kanban-card",
  "data-phase-card",
  "data-summary-frame",
] as const;

/** The graph's task card (task-node.tsx), with `data-graph-selected` while it is selected. */
const GRAPH_CARD = "data-graph-card";

/**
 * The graph card an element is on: the card itself or inside it, or the graph's focusable node
 * wrapper, whose child the card is.
 */
export function graphCardOf(element: Element): Element | null {
  const inside = element.closest(`[${GRAPH_CARD}]`);
  if (inside) return inside;
  // Only a focusable wrapper: the page's body also holds cards, far below.
  return element.hasAttribute("tabindex") ? element.querySelector(`:scope > [${GRAPH_CARD}]`) : null;
}

/** What holds the keys for itself while open: a dialog, an alert, a menu or a list of choices. */
export const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Marks the open view's area, where "/" looks for a search box. */
export const PROJECT_VIEW_ATTRIBUTE = "data-project-view";

/**
 * Whether a key press is left to what has the focus: a field being typed in (an input, a text area,
 * a select, an editable element), or a dialog or menu open anywhere on the page.
 */
export function keysBelongElsewhere(target: EventTarget | null, root: Document): boolean {
  if (isTypingTarget(target)) return true;
  const focused = root.activeElement;
  if (focused !== target && isTypingTarget(focused)) return true;
  if (focused instanceof Element && focused.closest(OVERLAYS)) return true;
  return root.querySelector(OVERLAYS) !== null;
}

const taskIdOf = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The one id among elements, or null for none or several. */
function onlyOne(elements: NodeListOf<Element>, read: (element: Element) => string | null): number | null {
  const ids = new Set([...elements].map((element) => taskIdOf(read(element))));
  ids.delete(null);
  return ids.size === 1 ? [...ids][0] : null;
}

/**
 * The task the user is on: the row, card, bar or graph card that has the keyboard's focus (or holds
 * it); else the graph's one selected card; else the one row chosen in the list or the Gantt chart.
 * Null when there is none, or several are chosen.
 */
export function selectedTaskId(root: Document): number | null {
  const focused = root.activeElement;
  if (focused instanceof Element) {
    for (const attribute of TASK_ATTRIBUTES) {
      const holder = focused.closest(`[${attribute}]`);
      if (holder) return taskIdOf(holder.getAttribute(attribute));
    }
    const card = graphCardOf(focused);
    if (card) return taskIdOf(card.getAttribute(GRAPH_CARD));
  }
  const card = onlyOne(root.querySelectorAll(`[${GRAPH_CARD}][data-graph-selected]`), (element) =>
    element.getAttribute(GRAPH_CARD),
  );
  if (card !== null) return card;
  return onlyOne(
    root.querySelectorAll("[data-task-row][data-selected], [data-gantt-row][data-selected]"),
    (element) =>
      element.getAttribute(element.hasAttribute("data-task-row") ? "data-task-row" : "data-gantt-row"),
  );
}

/** The open view's search box (the list's "Search tasks"), if it has one. */
export function viewSearchBox(root: Document): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(`[${PROJECT_VIEW_ATTRIBUTE}] input[type="search"]`);
}
