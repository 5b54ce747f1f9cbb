import { TASK_ROW_HEIGHT } from "@core/gantt/rows";
import { dependencyLabel } from "@core/scheduling/dependency-label";
import type { DependencyDto } from "@core/schemas/projects";
import type { DependencyType } from "@core/schemas/scheduling";
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
  /** Clicking an arrow selects its dependency (editors); without it arrows are not clickable. */
  onSelect?: (dependency: DependencyDto) => void;
  /** The accessible name of a clickable arrow. */
  describe?: (dependency: DependencyDto) => string;
};

const GAP = 8;
type Tone = "plain" | "critical" | "warning";
const TONES: Record<Tone, string> = {
  plain: "var(--muted-foreground)",
  critical: "#f43f5e",
  warning: "#f59e0b",
};

/**
 * Where an arrow runs: out of the prerequisite's end (FS, FF) or start (SS, SF), into the
 * dependent's start (FS, SS) or end (FF, SF), with one vertical run where the two sides allow it,
 * else around along the edge of the dependent's row. Answers the path and a point for its label.
 * @example arrowPath("FS", { left: 0, width: 40 }, { left: 80, width: 40 }, 24, 72, 24)
 */
export function arrowPath(
  type: DependencyType,
  from: { left: number; width: number },
  to: { left: number; width: number },
  y1: number,
  y2: number,
  middle: number,
): { d: string; labelX: number; labelY: number } {
  const leavesEnd = type === "FS" || type === "FF";
  const entersStart = type === "FS" || type === "SS";
  const x1 = leavesEnd ? from.left + from.width : from.left;
  const x2 = entersStart ? to.left : to.left + to.width;
  const out = leavesEnd ? x1 + GAP : x1 - GAP;
  const into = entersStart ? x2 - GAP : x2 + GAP;
  const tip = entersStart ? x2 - 1 : x2 + 1;
  // One vertical run at x works when x is past the exit on its side and before the entry on its.
  const low = Math.max(
    leavesEnd ? out : Number.NEGATIVE_INFINITY,
    entersStart ? Number.NEGATIVE_INFINITY : into,
  );
  const high = Math.min(
    leavesEnd ? Number.POSITIVE_INFINITY : out,
    entersStart ? into : Number.POSITIVE_INFINITY,
  );
  if (low <= high) {
    const x = leavesEnd ? low : high;
    return { d: `M${x1} ${y1}H${x}V${y2}H${tip}`, labelX: x, labelY: (y1 + y2) / 2 };
  }
  // Around: out of the prerequisite, along the edge of the dependent's row, into its side.
  const edge = y2 > y1 ? y2 - middle : y2 + middle;
  return { d: `M${x1} ${y1}H${out}V${edge}H${into}V${y2}H${tip}`, labelX: (out + into) / 2, labelY: edge };
}

/**
 * Dependency arrows, each leaving and entering the ends its type names, labelled when it is not
 * finish-to-start without lag (`SS +2d`). With `onSelect` an arrow can be clicked to edit it.
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
  onSelect,
  describe,
}: ArrowsProps) {
  const id = `gantt-arrow${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const paths: {
    dependency: DependencyDto;
    d: string;
    tone: Tone;
    label: string | null;
    at: [number, number];
  }[] = [];
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
    const path = arrowPath(dependency.type ?? "FS", from, to, y1, y2, middle);
    const key = pairKey(dependency.sourceTaskId, dependency.targetTaskId);
    const tone: Tone = criticalPairs?.has(key) ? "critical" : warnedPairs.has(key) ? "warning" : "plain";
    paths.push({
      dependency,
      d: path.d,
      tone,
      label: dependencyLabel(dependency),
      at: [path.labelX, path.labelY],
    });
  }
  if (paths.length === 0) return null;
  return (
    <>
      <svg
        aria-hidden={onSelect ? undefined : true}
        className="pointer-events-none absolute z-[1] overflow-visible"
        style={{ left, top: band.top, width, height: band.bottom - band.top }}
      >
        <title>Dependencies</title>
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
          <g key={path.dependency.id}>
            <path
              d={path.d}
              fill="none"
              stroke={TONES[path.tone]}
              strokeWidth={path.tone === "critical" ? 2 : 1.5}
              strokeDasharray={path.tone === "warning" ? "4 3" : undefined}
              strokeLinejoin="round"
              markerEnd={`url(#${id}-${path.tone})`}
              data-gantt-arrow={`${path.dependency.id}`}
              data-dependency-type={path.dependency.type ?? "FS"}
            />
            {onSelect && (
              // A wide invisible stroke: an easy target for the pointer.
              <path
                d={path.d}
                role="button"
                tabIndex={0}
                aria-label={describe?.(path.dependency) ?? "Dependency"}
                fill="none"
                stroke="transparent"
                strokeWidth={10}
                className="pointer-events-auto cursor-pointer outline-none focus-visible:stroke-ring/40"
                onClick={() => onSelect(path.dependency)}
                onKeyDown={(event) => {
                  if (event.key !== "Enter" && event.key !== " ") return;
                  event.preventDefault();
                  onSelect(path.dependency);
                }}
              />
            )}
          </g>
        ))}
      </svg>
      {/* Labels above the bars, on the card's colour: drawn in the SVG, a bar covered "SS +2d" to "SS -". */}
      <div aria-hidden className="pointer-events-none absolute z-[3]" style={{ left, top: band.top }}>
        {paths.map(
          (path) =>
            path.label && (
              <span
                key={path.dependency.id}
                data-gantt-arrow-label={path.dependency.id}
                className="absolute -translate-y-full rounded-sm bg-card/90 px-0.5 text-[10px] leading-3 font-medium whitespace-nowrap text-muted-foreground"
                style={{ left: path.at[0] + 3, top: path.at[1] - 2 }}
              >
                {path.label}
              </span>
            ),
        )}
      </div>
    </>
  );
}
