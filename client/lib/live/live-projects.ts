// Which projects this page follows live: their cached answer is kept current by events, so a
// write's own refresh leaves it alone (query-keys.ts, invalidateAfterTaskChange) and the event of
// that write brings what it changed, moved tasks included.
import type { QueryClient } from "@tanstack/react-query";

const followed = new WeakMap<QueryClient, Map<number, number>>();

/** Marks the project followed until the returned function is called. */
export function followProject(queryClient: QueryClient, projectId: number): () => void {
  let counts = followed.get(queryClient);
  if (!counts) {
    counts = new Map();
    followed.set(queryClient, counts);
  }
  counts.set(projectId, (counts.get(projectId) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (counts.get(projectId) ?? 1) - 1;
    if (left > 0) counts.set(projectId, left);
    else counts.delete(projectId);
  };
}

/** Whether an open stream keeps this project's cached answer current. */
export function isFollowed(queryClient: QueryClient, projectId: number): boolean {
  return (followed.get(queryClient)?.get(projectId) ?? 0) > 0;
}
