// The command palette's search (GET /api/search): projects and tasks by name, across every
// project the user can see (their own, and those shared with them at any role), best first:
// the name equal to the text, then starting with it, then a word starting with it, then holding
// it; projects before tasks on a tie, then shorter names, then by id. Two statements: the
// visible projects' ids, then the ranked names.
//
// Plan (docs/performance.md, "Search"). Names are matched through the GIN trigram indexes on
// lower(name) (pg_trgm, migration 0015), and the visible ids are a constant array the planner
// can weigh, so a user who sees few tasks is served through the tasks' project index instead.
// - Word starts (the name's start, or after a space or punctuation) are one regular expression
//   with a short list of separators, which pg_trgm turns into word-start trigrams even for a
//   1-character text ("  p"); a class such as [^[:alnum:]] would not be indexed. A LIKE before it
//   spares the slower expression the names that do not hold the text at all.
// - Texts of 3 characters or more also match anywhere in a name (LIKE '%text%', which pg_trgm
//   indexes from 3 characters); 1 and 2 characters only at word starts, since "%p%" would read
//   every task.
// - Each kind of task match reads at most CANDIDATES_MAX rows, in the order the scan finds them:
//   a common text ("p", "review") holds thousands of names, and ranking them all would cost
//   tens of milliseconds at 100,000 tasks. The ranking is exact whenever fewer match; past that
//   the best 20 of the first candidates are answered. Names holding the text are read only when
//   word starts give fewer than SEARCH_RESULTS_MAX.
import {
  type ProjectSearchResult,
  SEARCH_RESULTS_MAX,
  type SearchResult,
  type TaskSearchResult,
} from "@core/schemas/search";
import { normalizeStatus } from "@core/tasks/status";
import { eq, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { shareMatches } from "../access/access-level";
import type { Database } from "../db/client";
import { projectShares, projects, type User } from "../db/schema";
import { idArray } from "../db/task-rows";

/** The most task rows each kind of match reads before ranking (see the plan above). */
export const CANDIDATES_MAX = 1000;

/** From this length a text also matches inside words (pg_trgm needs a whole trigram). */
export const INSIDE_WORDS_MIN = 3;

/**
 * What may come before a word: a class of a few characters, short enough for pg_trgm to expand
 * (a larger one, or [:space:], leaves the index unused for 1 and 2 characters).
 */
const WORD_SEPARATORS = ` \t"#&'(+,./:;<=>?@[_{|~*-`;

/** LIKE's wildcards and its escape character, matched literally (the default escape is \). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A regular expression's special characters (PostgreSQL's AREs), matched literally. */
export const escapeRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");

type FoundRow = {
  kind: "project" | "task";
  id: number;
  name: string;
  status: string | null;
  completed: boolean;
  projectId: number;
  projectName: string;
  projectSlug: string | null;
};

/** The ids of every project the user can see: owned, or shared with them at any role. */
async function visibleProjectIds(db: Database, user: Pick<User, "id" | "email">): Promise<number[]> {
  const rows = await union(
    db.select({ id: projects.id }).from(projects).where(eq(projects.userId, user.id)),
    db.select({ id: projectShares.projectId }).from(projectShares).where(shareMatches(user)),
  );
  return rows.map((row) => row.id);
}

/**
 * The user's projects and tasks whose names match `text` (already trimmed), best first, at most
 * SEARCH_RESULTS_MAX; an empty text finds nothing.
 */
export async function searchNames(
  db: Database,
  user: Pick<User, "id" | "email">,
  text: string,
): Promise<SearchResult[]> {
  if (text === "") return [];
  const ids = await visibleProjectIds(db, user);
  if (ids.length === 0) return [];
  const visible = idArray(ids);
  const like = escapeLike(text);
  // lower() is applied in SQL to the text as to the names, so both fold case alike.
  const exact = sql`lower(${text})`;
  const prefix = sql`lower(${`${like}%`})`;
  const inside = sql`lower(${`%${like}%`})`;
  const wordStart = sql`lower(${`(^|[${WORD_SEPARATORS}])${escapeRegex(text)}`})`;
  const insideWords = [...text].length >= INSIDE_WORDS_MIN;

  const taskColumns = sql`t.id, t.name, t.status, t.completed, t.project_id`;
  const insideTier: SQL = insideWords
    ? sql`, inside as materialized (
        select ${taskColumns} from tasks t
        where (select count(*) from word_starts) < ${SEARCH_RESULTS_MAX}
          and t.project_id = any(${visible}) and lower(t.name) like ${inside}
          and lower(t.name) !~ ${wordStart}
        limit ${CANDIDATES_MAX})`
    : sql``;
  const projectMatch = insideWords ? sql`lower(p.name) like ${inside}` : sql`lower(p.name) ~ ${wordStart}`;
  const result = await db.execute(sql`
    with word_starts as materialized (
      select ${taskColumns} from tasks t
      where t.project_id = any(${visible}) and lower(t.name) like ${inside} and lower(t.name) ~ ${wordStart}
      limit ${CANDIDATES_MAX})
    ${insideTier},
    found as (
      select 'project' as kind, p.id, p.name, null::text as status, false as completed, p.id as project_id
      from projects p where p.id = any(${visible}) and ${projectMatch}
      union all select 'task', * from word_starts
      ${insideWords ? sql`union all select 'task', * from inside` : sql``})
    select f.kind, f.id, f.name, f.status, f.completed, f.project_id as "projectId",
      p.name as "projectName", p.slug as "projectSlug"
    from found f join projects p on p.id = f.project_id
    order by
      case
        when lower(f.name) = ${exact} then 0
        when lower(f.name) like ${prefix} then 1
        when lower(f.name) ~ ${wordStart} then 2
        else 3
      end,
      f.kind = 'task', length(f.name), f.id
    limit ${SEARCH_RESULTS_MAX}`);
  return (result as unknown as { rows: FoundRow[] }).rows.map(toSearchResult);
}

function toSearchResult(row: FoundRow): SearchResult {
  if (row.kind === "project") {
    const project: ProjectSearchResult = {
      kind: "project",
      id: row.id,
      name: row.name,
      slug: row.projectSlug,
    };
    return project;
  }
  const task: TaskSearchResult = {
    kind: "task",
    id: row.id,
    name: row.name,
    status: row.completed ? "completed" : normalizeStatus(row.status),
    projectId: row.projectId,
    projectName: row.projectName,
    projectSlug: row.projectSlug,
  };
  return task;
}
