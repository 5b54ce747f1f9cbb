import { DISPLAY_STATUS_LABELS } from "@core/tasks/status";
import { Check, RotateCcw } from "lucide-react";
import { type CSSProperties, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import {
  DEMO_CARD,
  DEMO_DEPENDENCIES,
  DEMO_INITIALLY_COMPLETED,
  DEMO_PROJECT_NAME,
  DEMO_TASKS,
  type DemoStatus,
  type DemoTask,
  demoEdgePath,
  demoLayout,
  demoStatuses,
} from "../demo/demo-plan";
import { useDemoZoom } from "../demo/use-demo-zoom";

// The tones of the graph view's task cards, so the demo looks like the product it sells.
const HEADER_TONES: Record<DemoStatus, string> = {
  todo: "bg-muted text-muted-foreground",
  waiting: "bg-warning-tint text-warning-tint-foreground",
  completed: "bg-success-tint text-success-tint-foreground",
};

/**
 * The hero's live demo: a small plan drawn as the graph view draws it (cards with a status header
 * and a complete toggle, grey arrows from prerequisite to dependent). Completing a task unblocks
 * the tasks that were waiting only for it. Plain HTML and SVG, no graph library, so the landing
 * page stays light.
 */
export function DemoGraph() {
  const [completed, setCompleted] = useState<ReadonlySet<number>>(DEMO_INITIALLY_COMPLETED);
  const zoom = useDemoZoom();
  const layout = useMemo(() => demoLayout(zoom.orientation), [zoom.orientation]);
  const statuses = useMemo(() => demoStatuses(completed), [completed]);
  const markerId = useId();
  const captionId = useId();

  const toggle = (taskId: number) =>
    setCompleted((previous) => {
      const next = new Set(previous);
      if (next.has(taskId)) next.delete(taskId);
      else next.add(taskId);
      return next;
    });

  const readyCount = [...statuses.values()].filter((status) => status === "todo").length;
  const isInitial =
    completed.size === DEMO_INITIALLY_COMPLETED.size &&
    [...completed].every((id) => DEMO_INITIALLY_COMPLETED.has(id));

  return (
    <section
      aria-label="Demo dependency graph"
      className="overflow-hidden rounded-xl border bg-card text-left shadow-xl shadow-foreground/5"
    >
      <div className="flex items-center gap-2 border-b px-3 py-2 sm:px-4">
        <span className="hidden items-center gap-1.5 sm:flex" aria-hidden>
          <span className="size-2.5 rounded-full bg-muted" />
          <span className="size-2.5 rounded-full bg-muted" />
          <span className="size-2.5 rounded-full bg-muted" />
        </span>
        <div className="min-w-0 sm:ml-2">
          <p className="truncate text-sm font-medium">{DEMO_PROJECT_NAME}</p>
          <p className="truncate text-xs text-muted-foreground" aria-live="polite">
            {completed.size} of {DEMO_TASKS.length} complete · {readyCount} ready to start
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          disabled={isInitial}
          onClick={() => setCompleted(DEMO_INITIALLY_COMPLETED)}
        >
          <RotateCcw aria-hidden />
          Reset<span className="max-sm:sr-only"> demo</span>
        </Button>
      </div>
      <div
        className="overflow-x-auto bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:16px_16px] p-3 sm:p-4 lg:p-6"
        data-testid="demo-canvas"
      >
        <div
          className="relative mx-auto"
          data-zoom={zoom.scale}
          data-screen={zoom.screen}
          style={{ width: layout.width * zoom.scale, height: layout.height * zoom.scale }}
        >
          <div
            className="absolute top-0 left-0 origin-top-left"
            style={{ width: layout.width, height: layout.height, transform: `scale(${zoom.scale})` }}
          >
            <svg
              className="absolute inset-0 overflow-visible"
              width={layout.width}
              height={layout.height}
              aria-hidden
            >
              <defs>
                {(["waiting", "done"] as const).map((kind) => (
                  <marker
                    key={kind}
                    id={`${markerId}-${kind}`}
                    viewBox="0 0 10 10"
                    refX="8"
                    refY="5"
                    markerWidth="7"
                    markerHeight="7"
                    orient="auto"
                  >
                    <path
                      d="M 0 0 L 10 5 L 0 10 z"
                      className={kind === "done" ? "fill-success" : "fill-muted-foreground"}
                    />
                  </marker>
                ))}
              </defs>
              {DEMO_DEPENDENCIES.map(({ sourceTaskId, targetTaskId }) => {
                const done = completed.has(sourceTaskId);
                return (
                  <path
                    key={`${sourceTaskId}-${targetTaskId}`}
                    d={demoEdgePath(
                      layout.positions.get(sourceTaskId) as { x: number; y: number },
                      layout.positions.get(targetTaskId) as { x: number; y: number },
                      zoom.orientation,
                    )}
                    className={cn(
                      "fill-none transition-colors duration-300",
                      done ? "stroke-success" : "stroke-muted-foreground",
                    )}
                    strokeWidth={2}
                    markerEnd={`url(#${markerId}-${done ? "done" : "waiting"})`}
                  />
                );
              })}
            </svg>
            <ul aria-describedby={captionId}>
              {DEMO_TASKS.map((task) => (
                <DemoCard
                  key={task.id}
                  task={task}
                  status={statuses.get(task.id) as DemoStatus}
                  position={layout.positions.get(task.id) as { x: number; y: number }}
                  onToggle={() => toggle(task.id)}
                />
              ))}
            </ul>
          </div>
        </div>
      </div>
      <p id={captionId} className="border-t px-3 py-2 text-xs text-muted-foreground sm:px-4">
        A task is waiting until everything it waits for is complete. Tick the circles to finish tasks and
        watch the next ones unblock.
      </p>
    </section>
  );
}

type DemoCardProps = {
  task: DemoTask;
  status: DemoStatus;
  position: { x: number; y: number };
  onToggle: () => void;
};

function DemoCard({ task, status, position, onToggle }: DemoCardProps) {
  const isCompleted = status === "completed";
  const style: CSSProperties = {
    left: position.x,
    top: position.y,
    width: DEMO_CARD.width,
    height: DEMO_CARD.height,
  };
  return (
    <li
      className={cn(
        "absolute overflow-hidden rounded-lg border bg-card shadow-sm transition-[left,top,box-shadow] duration-300",
        status === "todo" && "border-input shadow-md",
      )}
      style={style}
      data-status={status}
    >
      <div
        className={cn(
          "flex h-8 items-center gap-1 py-1 pr-1 pl-3 transition-colors duration-300",
          HEADER_TONES[status],
        )}
      >
        <span className="mr-auto text-xs font-semibold tracking-wide">{DISPLAY_STATUS_LABELS[status]}</span>
        <button
          type="button"
          aria-pressed={isCompleted}
          aria-label={`Mark "${task.name}" complete`}
          title={isCompleted ? "Mark as not complete" : "Mark as complete"}
          onClick={onToggle}
          className="inline-flex size-7 items-center justify-center rounded-md outline-none transition-colors hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span
            className={cn(
              "flex size-[18px] items-center justify-center rounded-full border-[1.5px] border-current transition-colors",
              isCompleted && "border-success bg-success text-background",
            )}
          >
            {isCompleted && <Check className="size-3" strokeWidth={3} aria-hidden />}
          </span>
        </button>
      </div>
      <div className="px-3 pt-2">
        <p
          className={cn(
            "truncate text-sm font-medium text-card-foreground",
            isCompleted && "text-muted-foreground line-through",
          )}
        >
          {task.name}
        </p>
        <p className="truncate text-xs text-muted-foreground">{task.note}</p>
      </div>
    </li>
  );
}
