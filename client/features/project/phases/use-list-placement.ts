import { type RefObject, useEffectEvent, useLayoutEffect, useState, useSyncExternalStore } from "react";

/** What scrolls the page around an element: the nearest ancestor that scrolls, else the window. */
export type ScrollParent = { kind: "element"; element: HTMLElement } | { kind: "window" };

const SCROLLS = new Set(["auto", "scroll", "overlay"]);

function scrollParentOf(element: HTMLElement): ScrollParent {
  for (
    let parent = element.parentElement;
    parent && parent !== document.body;
    parent = parent.parentElement
  ) {
    if (SCROLLS.has(getComputedStyle(parent).overflowY)) return { kind: "element", element: parent };
  }
  return { kind: "window" };
}

/**
 * The scroll parent of the element `ref` holds, found once it is drawn (before the first paint):
 * the signed-in page scrolls its main area, a public link the window.
 */
export function useScrollParent(ref: RefObject<HTMLElement | null>): ScrollParent | null {
  const [parent, setParent] = useState<ScrollParent | null>(null);
  useLayoutEffect(() => {
    if (ref.current) setParent(scrollParentOf(ref.current));
  }, [ref]);
  return parent;
}

/**
 * How far below the top of its scroll parent's content the element starts (a virtualiser's
 * scrollMargin), read after every drawing and whenever the element is resized (what is above it
 * may wrap to another height as the page narrows or the sidebar opens).
 */
export function useScrollMargin(ref: RefObject<HTMLElement | null>, parent: ScrollParent): number {
  const [margin, setMargin] = useState(0);
  const measure = useEffectEvent(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top;
    const next =
      parent.kind === "window"
        ? top + window.scrollY
        : top - parent.element.getBoundingClientRect().top + parent.element.scrollTop;
    setMargin((current) => (Math.abs(next - current) < 0.5 ? current : next));
  });
  useLayoutEffect(() => measure());
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return margin;
}

// Tailwind's sm (40rem) and xl (80rem) breakpoints: the cards' grid had 1, 2 and 3 columns at them.
const SM = "(min-width: 40rem)";
const XL = "(min-width: 80rem)";

const matches = (query: string) =>
  typeof window.matchMedia === "function" && window.matchMedia(query).matches;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const queries = [SM, XL].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

/** 1, 2 or 3: the columns of cards in a phase, from phone to wide screen (and 1 where nothing tells). */
const columnsNow = () => (matches(XL) ? 3 : matches(SM) ? 2 : 1);

/** The cards' columns, and whether the page is wide enough (sm) for the roomier padding. */
export function useCardColumns(): { columns: number; wide: boolean } {
  const columns = useSyncExternalStore(subscribe, columnsNow, () => 1);
  return { columns, wide: columns > 1 };
}
