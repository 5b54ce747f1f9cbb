import { type RefObject, useEffect, useState } from "react";

/** The range drawn moves in steps of this many pixels, so scrolling re-renders once a step. */
const STEP = 800;

/**
 * The part of the timeline (in its own pixels) worth drawing: what the scroll box shows, with a
 * step to spare on either side. A timeline of twenty thousand columns then draws about thirty.
 */
export function useTimelineRange(
  scrollRef: RefObject<HTMLElement | null>,
  viewportWidth: number,
): { from: number; to: number } {
  const [stepIndex, setStepIndex] = useState(0);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    // The sticky task column covers the viewport's left, so the timeline in view starts at scrollLeft.
    const update = () => setStepIndex(Math.floor(element.scrollLeft / STEP));
    update();
    element.addEventListener("scroll", update, { passive: true });
    return () => element.removeEventListener("scroll", update);
  }, [scrollRef]);
  const from = (stepIndex - 1) * STEP;
  return { from, to: from + viewportWidth + 3 * STEP };
}
