import type { TaskDto } from "@core/schemas/projects";
import { createContext, useContext } from "react";

/**
 * What a task card can do. Handed down through context rather than node data, so the cards keep
 * their data objects (and skip rendering) when a handler or the user's rights change.
 */
export type GraphNodeActions = {
  canEdit: boolean;
  /** A public link: no write control at all. Members without rights get the controls and are told no. */
  readOnly: boolean;
  openTask: (task: TaskDto) => void;
  toggleCompleted: (task: TaskDto) => void;
  /** A summary's chevron: its frame becomes one card, or the card its frame again (remembered, as in the list). */
  toggleCollapsed: (summaryId: number) => void;
};

export const GraphActionsContext = createContext<GraphNodeActions>({
  canEdit: false,
  readOnly: true,
  openTask: () => undefined,
  toggleCompleted: () => undefined,
  toggleCollapsed: () => undefined,
});

export const useGraphActions = () => useContext(GraphActionsContext);
