// The driving path shown in the open project (core/scheduling/driving-path.ts): which task's, and
// the tasks and links on it, worked out again from the live data as the plan changes. The Gantt
// chart and the graph draw it; the task dialog's "Show driving path" asks for it.
import { type DrivingPath, drivingPath } from "@core/scheduling/driving-path";
import type * as React from "react";
import { createContext, useContext, useMemo, useState } from "react";
import { useProjectContext } from "./project-context";

export type ShownDrivingPath = DrivingPath & {
  /** The tasks and links on it, to test each row, bar, card and arrow against. */
  tasks: ReadonlySet<number>;
  links: ReadonlySet<number>;
};

type DrivingPathValue = {
  /** The path shown, null when none is. */
  path: ShownDrivingPath | null;
  show: (taskId: number) => void;
  clear: () => void;
};

const NONE: DrivingPathValue = { path: null, show: () => {}, clear: () => {} };
const DrivingPathContext = createContext<DrivingPathValue>(NONE);

/** Holds the driving path shown in a project's views; inside the ProjectProvider. */
export function DrivingPathProvider({ children }: { children: React.ReactNode }) {
  const { tasks, dependencies } = useProjectContext();
  const [taskId, setTaskId] = useState<number | null>(null);
  const path = useMemo(() => {
    if (taskId === null || !tasks.some((task) => task.id === taskId)) return null;
    const found = drivingPath(tasks, dependencies, taskId);
    return { ...found, tasks: new Set(found.taskIds), links: new Set(found.dependencyIds) };
  }, [taskId, tasks, dependencies]);
  const value = useMemo(
    () => ({ path, show: (id: number) => setTaskId(id), clear: () => setTaskId(null) }),
    [path],
  );
  return <DrivingPathContext.Provider value={value}>{children}</DrivingPathContext.Provider>;
}

/** The driving path shown in the open project; outside a provider, none and no-ops. */
export function useDrivingPath(): DrivingPathValue {
  return useContext(DrivingPathContext);
}
