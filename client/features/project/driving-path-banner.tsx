// The bar over the Gantt chart and the graph while a driving path is shown: whose path it is, how
// many tasks it runs through and what holds its start, with Clear (and Escape) to stop showing it.
import type { DrivingPath } from "@core/scheduling/driving-path";
import { Route, X } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { useDrivingPath } from "./driving-path-context";
import { useProjectContext } from "./project-context";

const STARTS: Record<DrivingPath["start"], string> = {
  projectStart: "the project's start",
  constraint: "a constraint",
  manual: "manual dates",
  actual: "an actual start",
  // The path stopped at a link it could not follow (a loop, never stored): the link still holds it.
  dependency: "a link",
};

/**
 * The banner's words.
 * @example drivingPathText("Move in", 3, "projectStart") // "Driving path of “Move in”: 3 tasks back to the project's start"
 */
export function drivingPathText(name: string, count: number, start: DrivingPath["start"]): string {
  return `Driving path of “${name}”: ${count} ${count === 1 ? "task" : "tasks"} back to ${STARTS[start]}`;
}

/** Where Escape belongs to what has focus: a field, or a dialog or menu, which it closes first. */
const keepsEscape = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.closest(
      'input, textarea, select, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]',
    ) !== null);

/** The driving path shown, in words, with Clear; nothing while none is. */
export function DrivingPathBanner() {
  const { path, clear } = useDrivingPath();
  const { tasks } = useProjectContext();
  const shown = path !== null;
  // Escape clears the path before anything else on the page hears it (full-page mode leaves on the next).
  useEffect(() => {
    if (!shown) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || keepsEscape(event.target)) return;
      event.preventDefault();
      clear();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [shown, clear]);
  if (!path) return null;
  const name = tasks.find((task) => task.id === path.taskId)?.name ?? `Task ${path.taskId}`;
  return (
    <div
      role="status"
      data-driving-path-banner={path.taskId}
      className="flex items-center gap-2 border-b bg-primary/5 px-3 py-1.5 text-sm sm:px-4"
    >
      <Route className="size-4 shrink-0 text-primary" aria-hidden />
      <p className="mr-auto min-w-0">{drivingPathText(name, path.taskIds.length, path.start)}</p>
      <Button variant="ghost" size="sm" onClick={clear} title="Stop showing the driving path (Escape)">
        <X aria-hidden />
        Clear
      </Button>
    </div>
  );
}
