// The views of a project page and of a public share page, and their paths.

import { PROJECT_VIEWS, type ProjectView } from "@core/schemas/projects";

export { PROJECT_VIEWS, type ProjectView };

/** A public link shows no kanban board and no sharing page. */
export const PUBLIC_VIEWS = ["graph", "list", "phases", "gantt"] as const satisfies readonly ProjectView[];
export type PublicView = (typeof PUBLIC_VIEWS)[number];

export const DEFAULT_VIEW = "graph" satisfies PublicView;

export const VIEW_LABELS: Record<ProjectView, string> = {
  graph: "Graph",
  list: "List",
  phases: "Phases",
  gantt: "Gantt",
  kanban: "Kanban",
  sharing: "Sharing",
};

function normalise<V extends string>(views: readonly V[], view: string | null | undefined, fallback: V): V {
  const name = view?.trim().toLowerCase() ?? "";
  return views.find((known) => known === name) ?? fallback;
}

/**
 * A project view from a path segment; anything unknown falls back to graph.
 *
 * @example toProjectView("Kanban") // "kanban"
 * @example toProjectView("timeline") // "graph"
 */
export function toProjectView(view: string | null | undefined): ProjectView {
  return normalise(PROJECT_VIEWS, view, DEFAULT_VIEW);
}

/** A public view from a path segment; kanban, sharing and anything unknown fall back to graph. */
export function toPublicView(view: string | null | undefined): PublicView {
  return normalise(PUBLIC_VIEWS, view, DEFAULT_VIEW);
}

/** @example projectPath("launch-plan-x7k2", "list") // "/projects/launch-plan-x7k2/list" */
export function projectPath(slug: string, view: ProjectView = DEFAULT_VIEW): string {
  return `/projects/${encodeURIComponent(slug)}/${view}`;
}

/** @example sharePath("abc123") // "/share/abc123" */
export function sharePath(token: string, view: PublicView = DEFAULT_VIEW): string {
  const base = `/share/${encodeURIComponent(token)}`;
  return view === DEFAULT_VIEW ? base : `${base}/${view}`;
}

/**
 * The slug of the project whose page `location` shows, or null elsewhere.
 *
 * @example projectSlugFromPath("/projects/launch-x7k2/gantt") // "launch-x7k2"
 * @example projectSlugFromPath("/projects") // null
 */
export function projectSlugFromPath(location: string): string | null {
  const match = /^\/projects\/([^/?#]+)/i.exec(location);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
