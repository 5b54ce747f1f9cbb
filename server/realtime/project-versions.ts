// A project's version (decisions.md section 10): one more with every change published to its
// event stream, across every instance, since the number lives in the project's row. It is taken
// when the change is published, after the write committed, in one statement that waits for any
// write holding the project's row: so versions follow the order in which changes were published.
// A client that sees a version skipped has missed a change and refetches once.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** The project's next version, taken now; null when the project is gone. */
export async function takeNextVersion(
  db: Pick<Database, "execute">,
  projectId: number,
): Promise<number | null> {
  const result = await db.execute(
    sql`update projects set version = version + 1 where id = ${projectId} returning version`,
  );
  const [row] = (result as unknown as { rows: { version: number | string }[] }).rows;
  return row ? Number(row.version) : null;
}
