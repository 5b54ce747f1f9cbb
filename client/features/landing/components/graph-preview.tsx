// A still picture of a small plan, drawn as the graph view draws it: task cards with a status
// header and grey arrows from prerequisite to dependent. A task waits (Blocked) until every
// prerequisite is complete. The interactive demo of the full landing page replaces it later.

type PreviewStatus = "Completed" | "To Do" | "Blocked";

type PreviewTask = { id: string; name: string; note: string; status: PreviewStatus; x: number; y: number };

const NODE_WIDTH = 168;
const NODE_HEIGHT = 76;

const TASKS: PreviewTask[] = [
  { id: "brief", name: "Write the brief", note: "Goals and audience", status: "Completed", x: 12, y: 112 },
  { id: "design", name: "Design mockups", note: "Home and pricing", status: "To Do", x: 236, y: 24 },
  { id: "copy", name: "Draft the copy", note: "Headlines, FAQ", status: "To Do", x: 236, y: 200 },
  { id: "build", name: "Build the site", note: "Waits for both", status: "Blocked", x: 460, y: 112 },
];

const DEPENDENCIES: Array<[prerequisite: string, dependent: string]> = [
  ["brief", "design"],
  ["brief", "copy"],
  ["design", "build"],
  ["copy", "build"],
];

const STATUS_STYLE: Record<PreviewStatus, { band: string; text: string }> = {
  Completed: { band: "fill-emerald-50", text: "fill-emerald-700" },
  "To Do": { band: "fill-indigo-50", text: "fill-indigo-700" },
  Blocked: { band: "fill-amber-50", text: "fill-amber-700" },
};

function taskById(id: string): PreviewTask {
  const task = TASKS.find((candidate) => candidate.id === id);
  if (!task) throw new Error(`No preview task ${id}`);
  return task;
}

function edgePath(from: PreviewTask, to: PreviewTask): string {
  const x1 = from.x + NODE_WIDTH;
  const y1 = from.y + NODE_HEIGHT / 2;
  const x2 = to.x - 4;
  const y2 = to.y + NODE_HEIGHT / 2;
  const bend = (x2 - x1) / 2;
  return `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
}

/** Hidden under 640 px, where the picture would shrink past legibility: phones see the text only. */
export function GraphPreview() {
  return (
    <figure className="mx-auto hidden w-full max-w-xl sm:block lg:max-w-none">
      <div className="rounded-xl border bg-card p-3 shadow-lg shadow-slate-900/5 sm:p-4">
        <div className="mb-3 flex items-center gap-1.5" aria-hidden>
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-2 text-xs text-muted-foreground">Website launch</span>
        </div>
        <svg
          viewBox="0 0 640 296"
          role="img"
          aria-labelledby="graph-preview-caption"
          className="w-full rounded-lg bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:16px_16px]"
        >
          <title>A small plan drawn as a dependency graph</title>
          <defs>
            <marker
              id="preview-arrow"
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" className="fill-slate-400" />
            </marker>
          </defs>
          {DEPENDENCIES.map(([prerequisite, dependent]) => (
            <path
              key={`${prerequisite}-${dependent}`}
              d={edgePath(taskById(prerequisite), taskById(dependent))}
              className="fill-none stroke-slate-400"
              strokeWidth={2}
              markerEnd="url(#preview-arrow)"
            />
          ))}
          {TASKS.map((task) => (
            <PreviewNode key={task.id} task={task} />
          ))}
        </svg>
      </div>
      <figcaption id="graph-preview-caption" className="mt-3 text-center text-xs text-muted-foreground">
        Only the brief was needed to start the mockups and the copy; building waits for both.
      </figcaption>
    </figure>
  );
}

function PreviewNode({ task }: { task: PreviewTask }) {
  const style = STATUS_STYLE[task.status];
  const clipId = `preview-clip-${task.id}`;
  return (
    <g transform={`translate(${task.x} ${task.y})`}>
      <clipPath id={clipId}>
        <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx={8} />
      </clipPath>
      <rect
        width={NODE_WIDTH}
        height={NODE_HEIGHT}
        rx={8}
        className="fill-white stroke-slate-200"
        strokeWidth={1.5}
      />
      <rect width={NODE_WIDTH} height={24} clipPath={`url(#${clipId})`} className={style.band} />
      <text x={12} y={16} className={`${style.text} text-[11px] font-semibold`}>
        {task.status}
      </text>
      <text x={12} y={47} className="fill-slate-900 text-[14px] font-semibold">
        {task.name}
      </text>
      <text x={12} y={65} className="fill-slate-500 text-[12px]">
        {task.note}
      </text>
    </g>
  );
}
