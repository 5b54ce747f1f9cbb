import { TASK_ROW_HEIGHT } from "@core/gantt/rows";
import type { DependencyDto } from "@core/schemas/projects";
import { useId } from "react";
import { pairKey } from "./use-gantt-model";

type ArrowsProps = {
  dependencies: DependencyDto[];
  rowOfTask: Map<number, number>;
  tops: number[];
  /** Where each visible task's bar is drawn (following a bar while it is dragged). */
  barOf: (taskId: number) => { left: number; width: number } | null;
  /** The rows drawn now: only arrows crossing this band are drawn. */
  band: { top: number; bottom: number };
  left: number;
  width: number;
  criticalPairs: Set<string> | null;
  warnedPairs: Set<string>;
};

const GAP = 8;
type Tone = "plain" | "critical" | "warning";
const TONES: Record<Tone, string> = {
  plain: "var(--muted-foreground)",
  critical: "#f43f5e",
  warning: "#f59e0b",
};

/**
 * Dependency arrows: from the end of a prerequisite's bar to the start of its dependent's, bending
 * around bars that overlap in time.
 */
export function GanttArrows({
  dependencies,
  rowOfTask,
  tops,
  barOf,
  band,
  left,
  width,
  criticalPairs,
  warnedPairs,
}: ArrowsProps) {
  const id = `gantt-arrow${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const paths: { key: number; d: string; tone: Tone }[] = [];
  const middle = TASK_ROW_HEIGHT / 2;
  for (const dependency of dependencies) {
    const fromRow = rowOfTask.get(dependency.sourceTaskId);
    const toRow = rowOfTask.get(dependency.targetTaskId);
    if (fromRow === undefined || toRow === undefined) continue;
    const y1 = tops[fromRow] + middle - band.top;
    const y2 = tops[toRow] + middle - band.top;
    if (Math.max(y1, y2) < 0 || Math.min(y1, y2) > band.bottom - band.top) continue;
    const from = barOf(dependency.sourceTaskId);
    const to = barOf(dependency.targetTaskId);
    if (!from || !to) continue;
    const x1 = from.left + from.width;
    const x2 = to.left;
    let d: string;
    if (x2 - x1 >= 2 * GAP) {
      d = `M${x1} ${y1}H${x1 + GAP}V${y2}H${x2 - 1}`;
    } else {
      // Around: out of the prerequisite, along the edge of the dependent's row, into its start.
      const edge = y2 > y1 ? y2 - middle : y2 + middle;
      d = `M${x1} ${y1}H${x1 + GAP}V${edge}H${x2 - GAP}V${y2}H${x2 - 1}`;
    }
    const key = pairKey(dependency.sourceTaskId, dependency.targetTaskId);
    const tone: Tone = criticalPairs?.has(key) ? "critical" : warnedPairs.has(key) ? "warning" : "plain";
    paths.push({ key: dependency.id, d, tone });
  }
  if (paths.length === 0) return null;
  return (
    <svg
      aria-hidden
      className="pointer-events-none absolute z-[1] overflow-visible"
      style={{ left, top: band.top, width, height: band.bottom - band.top }}
    >
      <defs>
        {(Object.keys(TONES) as Tone[]).map((tone) => (
          <marker
            key={tone}
            id={`${id}-${tone}`}
            viewBox="0 0 8 8"
            refX="7"
            refY="4"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0 0L8 4L0 8z" fill={TONES[tone]} />
          </marker>
        ))}
      </defs>
      {paths.map((path) => (
        <path
          key={path.key}
          d={path.d}
          fill="none"
          stroke={TONES[path.tone]}
          strokeWidth={path.tone === "critical" ? 2 : 1.5}
          strokeDasharray={path.tone === "warning" ? "4 3" : undefined}
          strokeLinejoin="round"
          markerEnd={`url(#${id}-${path.tone})`}
          data-gantt-arrow={`${path.key}`}
        />
      ))}
    </svg>
  );
}
