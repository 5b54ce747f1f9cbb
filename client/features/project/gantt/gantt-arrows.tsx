import { arrowRoute, routePath } from "@core/gantt/arrow-routes";
import { arrowRows, arrowsInView } from "@core/gantt/arrows-in-view";
import { TASK_ROW_HEIGHT } from "@core/gantt/rows";
import { dependencyLabel } from "@core/scheduling/dependency-label";
import type { DependencyDto } from "@core/schemas/projects";
import { memo, useId, useMemo } from "react";
import { pairKey } from "./use-gantt-model";

type ArrowsProps = {
  dependencies: DependencyDto[];
  rowOfTask: Map<number, number>;
  tops: number[];
  /**
   * Where each task's bar is drawn (following a bar while it is dragged). A new function only when
   * the bars move (use-bar-timings.ts): the paths drawn are kept until then.
   */
  barOf: (taskId: number) => { left: number; width: number } | null;
  /** The rows drawn now, first and last: only the arrows meeting them are drawn (arrowsInView). */
  rows: { first: number; last: number };
  left: number;
  width: number;
  /** The height of all rows, where the last row drawn ends when it is the last. */
  height: number;
  criticalPairs: Set<string> | null;
  /** The links on the driving path shown (driving-path-context.tsx), drawn in the accent colour. */
  pathLinks: ReadonlySet<number> | null;
  /** Dependent id -> the prerequisites it starts before the end of (dashed amber arrows). */
  warnings: Map<number, number[]>;
  /** Each task's name, for a clickable arrow's accessible name. */
  names: Map<number, string>;
  /** Clicking an arrow selects its dependency (editors); without it arrows are not clickable. */
  onSelect?: (dependency: DependencyDto) => void;
};

type Tone = "plain" | "critical" | "warning" | "path";
const TONES: Record<Tone, string> = {
  plain: "var(--muted-foreground)",
  critical: "var(--gantt-critical)",
  warning: "var(--warning-solid)",
  path: "var(--primary)",
};
const STROKE_WIDTHS: Record<Tone, number> = { plain: 1.5, critical: 2, warning: 1.5, path: 2.5 };

/** An arrow as drawn: its path, tone and label, and its name for screen readers. */
type ArrowShape = {
  dependencyId: number;
  d: string;
  /** The x of its run down from the prerequisite's row (what shows of it between its rows). */
  runX: number;
  tone: Tone;
  label: string | null;
  labelX: number;
  labelY: number;
  name: string;
};

/**
 * Dependency arrows, each leaving and entering the ends its type names, labelled when it is not
 * finish-to-start without lag (`SS +2d`). With `onSelect` an arrow can be clicked to edit it.
 * While the rows scroll only the arrows meeting the rows drawn are drawn, found in one pass over
 * the arrows' rows (arrowsInView): each arrow with an end among them, its path worked out once per
 * change of the bars and kept, in the chart's own coordinates, so an arrow still in view is not
 * drawn again; and the runs of those crossing them, one path for all.
 */
export function GanttArrows({
  dependencies,
  rowOfTask,
  tops,
  barOf,
  rows,
  left,
  width,
  height,
  criticalPairs,
  pathLinks,
  warnings,
  names,
  onSelect,
}: ArrowsProps) {
  const id = `gantt-arrow${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const spans = useMemo(
    () => arrowRows(dependencies, (taskId) => rowOfTask.get(taskId)),
    [dependencies, rowOfTask],
  );
  const warnedPairs = useMemo(() => {
    const pairs = new Set<string>();
    for (const [dependent, prerequisites] of warnings) {
      for (const prerequisite of prerequisites) pairs.add(pairKey(prerequisite, dependent));
    }
    return pairs;
  }, [warnings]);
  // Each arrow's shape, worked out when first drawn and kept until the bars, rows or tones change.
  const shapeOf = useMemo(() => {
    const known = new WeakMap<DependencyDto, ArrowShape | null>();
    const inputs = { rowOfTask, tops, barOf, criticalPairs, pathLinks, warnedPairs, names };
    return (dependency: DependencyDto) => {
      let shape = known.get(dependency);
      if (shape === undefined) {
        shape = arrowShape(dependency, inputs);
        known.set(dependency, shape);
      }
      return shape;
    };
  }, [rowOfTask, tops, barOf, criticalPairs, pathLinks, warnedPairs, names]);
  const inView = arrowsInView(spans, rows.first, rows.last);
  const drawn = inView.ends.flatMap((at) => {
    const dependency = dependencies[at];
    const shape = shapeOf(dependency);
    return shape ? [{ dependency, shape }] : [];
  });
  // An arrow crossing the rows drawn shows only its run down between them: one path per tone draws
  // them all, however many (a plan's long links can cross a view by the thousand).
  const band = { top: tops[rows.first] ?? 0, bottom: tops[rows.last + 1] ?? height };
  const crossing = crossingRuns(
    inView.crossing.flatMap((at) => shapeOf(dependencies[at]) ?? []),
    band,
  );
  if (drawn.length === 0 && crossing.runs.length === 0) return null;
  return (
    <>
      {/* As tall as the rows drawn (a canvas as tall as all rows costs the browser at opening); the
          paths keep the chart's coordinates, moved up into it as one group. */}
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
        <g transform={`translate(0 ${-band.top})`}>
          {crossing.runs.map((run) => (
            <path
              key={run.tone}
              d={run.d}
              fill="none"
              stroke={TONES[run.tone]}
              strokeWidth={STROKE_WIDTHS[run.tone]}
              strokeDasharray={run.tone === "warning" ? "4 3" : undefined}
              data-gantt-crossing={run.tone}
              data-arrows={run.arrows}
            />
          ))}
          {drawn.map(({ dependency, shape }) => (
            <ArrowPath
              key={dependency.id}
              dependency={dependency}
              shape={shape}
              markerId={`${id}-${shape.tone}`}
              onSelect={onSelect}
            />
          ))}
        </g>
      </svg>
      {/* Labels above the bars, on the card's colour: drawn in the SVG, a bar covered "SS +2d" to "SS -". */}
      <div aria-hidden className="pointer-events-none absolute top-0 z-[3]" style={{ left }}>
        {drawn.map(({ dependency, shape }) =>
          shape.label ? <ArrowLabel key={dependency.id} dependencyId={dependency.id} shape={shape} /> : null,
        )}
        {crossing.labelled.map((shape) => (
          <ArrowLabel key={shape.dependencyId} dependencyId={shape.dependencyId} shape={shape} />
        ))}
      </div>
    </>
  );
}

/**
 * The runs of the arrows crossing the band of rows drawn, one path per tone, each x drawn once (the
 * links out of one bar run down together), and those of their labels that fall in the band.
 */
function crossingRuns(shapes: ArrowShape[], band: { top: number; bottom: number }) {
  const xs = new Map<Tone, { at: Set<number>; arrows: number }>();
  const labelled: ArrowShape[] = [];
  for (const shape of shapes) {
    const tone = xs.get(shape.tone) ?? { at: new Set<number>(), arrows: 0 };
    tone.at.add(Math.round(shape.runX * 2) / 2);
    tone.arrows += 1;
    xs.set(shape.tone, tone);
    if (shape.label && shape.labelY >= band.top && shape.labelY <= band.bottom) labelled.push(shape);
  }
  const runs = [...xs].map(([tone, { at, arrows }]) => ({
    tone,
    arrows,
    d: [...at].map((x) => `M${x} ${band.top}V${band.bottom}`).join(""),
  }));
  return { runs, labelled };
}

type ShapeInputs = Pick<
  ArrowsProps,
  "rowOfTask" | "tops" | "barOf" | "criticalPairs" | "pathLinks" | "names"
> & {
  warnedPairs: Set<string>;
};

/** Where an arrow runs in the chart's rows, its tone and its label; null when a bar is not drawn. */
function arrowShape(dependency: DependencyDto, inputs: ShapeInputs): ArrowShape | null {
  const { rowOfTask, tops, barOf, criticalPairs, pathLinks, warnedPairs, names } = inputs;
  const fromRow = rowOfTask.get(dependency.sourceTaskId);
  const toRow = rowOfTask.get(dependency.targetTaskId);
  if (fromRow === undefined || toRow === undefined) return null;
  const from = barOf(dependency.sourceTaskId);
  const to = barOf(dependency.targetTaskId);
  if (!from || !to) return null;
  const middle = TASK_ROW_HEIGHT / 2;
  const route = arrowRoute(
    dependency.type ?? "FS",
    from,
    to,
    tops[fromRow] + middle,
    tops[toRow] + middle,
    middle,
  );
  const key = pairKey(dependency.sourceTaskId, dependency.targetTaskId);
  const label = dependencyLabel(dependency);
  return {
    dependencyId: dependency.id,
    d: routePath(route.points),
    runX: route.runX,
    tone: pathLinks?.has(dependency.id)
      ? "path"
      : criticalPairs?.has(key)
        ? "critical"
        : warnedPairs.has(key)
          ? "warning"
          : "plain",
    label,
    labelX: route.labelX,
    labelY: route.labelY,
    name: `Dependency: "${names.get(dependency.sourceTaskId) ?? "a task"}" → "${names.get(dependency.targetTaskId) ?? "a task"}", ${label ?? "finish to start"}`,
  };
}

type ArrowPathProps = {
  dependency: DependencyDto;
  shape: ArrowShape;
  markerId: string;
  onSelect?: (dependency: DependencyDto) => void;
};

/** One arrow, and with `onSelect` its wide invisible twin that takes the pointer and the keys. */
const ArrowPath = memo(function ArrowPath({ dependency, shape, markerId, onSelect }: ArrowPathProps) {
  return (
    <g>
      <path
        d={shape.d}
        fill="none"
        stroke={TONES[shape.tone]}
        strokeWidth={STROKE_WIDTHS[shape.tone]}
        strokeDasharray={shape.tone === "warning" ? "4 3" : undefined}
        strokeLinejoin="round"
        markerEnd={`url(#${markerId})`}
        data-gantt-arrow={`${dependency.id}`}
        data-driving-path={shape.tone === "path" ? "true" : undefined}
        data-dependency-type={dependency.type ?? "FS"}
      />
      {onSelect && (
        // A wide invisible stroke: an easy target for the pointer.
        <path
          d={shape.d}
          role="button"
          tabIndex={0}
          aria-label={shape.name}
          fill="none"
          stroke="transparent"
          strokeWidth={10}
          className="pointer-events-auto cursor-pointer outline-none focus-visible:stroke-ring/40"
          onClick={() => onSelect(dependency)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" && event.key !== " ") return;
            event.preventDefault();
            onSelect(dependency);
          }}
        />
      )}
    </g>
  );
});

const ArrowLabel = memo(function ArrowLabel({
  dependencyId,
  shape,
}: {
  dependencyId: number;
  shape: ArrowShape;
}) {
  return (
    <span
      data-gantt-arrow-label={dependencyId}
      className="absolute -translate-y-full rounded-sm bg-card/90 px-0.5 text-[10px] leading-3 font-medium whitespace-nowrap text-muted-foreground"
      style={{ left: shape.labelX + 3, top: shape.labelY - 2 }}
    >
      {shape.label}
    </span>
  );
});
