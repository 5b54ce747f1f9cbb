// The command palette's search (docs/spec/keyboard-and-palette.md): projects and tasks by name,
// across every project the user can see, ranked, at most SEARCH_RESULTS_MAX in all.
import { z } from "zod";
import type { TaskStatus } from "../tasks/status";

export const SEARCH_RESULTS_MAX = 20;
export const SEARCH_QUERY_MAX = 200;

/** `GET /api/search?q=…`: the text is trimmed; an empty one answers nothing rather than everything. */
export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: "q is required." })
      .trim()
      .max(SEARCH_QUERY_MAX, `q must be ${SEARCH_QUERY_MAX} characters or less.`),
  })
  .strict();
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export type ProjectSearchResult = {
  kind: "project";
  id: number;
  name: string;
  /** Null for a project without a slug (opened through /home). */
  slug: string | null;
};

export type TaskSearchResult = {
  kind: "task";
  id: number;
  name: string;
  status: TaskStatus;
  projectId: number;
  projectName: string;
  projectSlug: string | null;
};

export type SearchResult = ProjectSearchResult | TaskSearchResult;

/** Best first: names starting with the text, then names holding it; projects before tasks on a tie. */
export type SearchResponse = { results: SearchResult[] };
