import type { FitViewOptions } from "@xyflow/react";
import { useEffect, useRef } from "react";
import { nodeId } from "./graph-elements";
import { GRAPH_ENGINE } from "./graph-engine";

/**
 * How the view fits a driving path's cards: with a margin, never closer than 100 %, as far out as
 * the whole plan's fit goes (a long path across a big plan), hidden cards included (the zoomed-out
 * canvas hides them from xyflow).
 */
export const PATH_FIT_OPTIONS = {
  padding: 0.2,
  maxZoom: 1,
  minZoom: GRAPH_ENGINE.fitMinZoom,
  includeHiddenNodes: true,
  duration: 300,
} as const;

/**
 * Moves the view to the cards of the driving path shown (`cards`: its tasks' cards, a collapsed
 * summary's for those hidden in it), once per path shown: a new path, or the same one shown again
 * after it was cleared, not each time the plan (and so the path's object) changes.
 */
export function useFitDrivingPath(
  path: { taskId: number } | null,
  cards: ReadonlySet<number> | undefined,
  fitView: (options: FitViewOptions) => Promise<boolean>,
) {
  const fitted = useRef<number | null>(null);
  useEffect(() => {
    const shown = path?.taskId ?? null;
    if (shown === fitted.current) return;
    fitted.current = shown;
    if (shown === null || !cards || cards.size === 0) return;
    void fitView({ ...PATH_FIT_OPTIONS, nodes: [...cards].map((id) => ({ id: nodeId(id) })) });
  }, [path, cards, fitView]);
}
