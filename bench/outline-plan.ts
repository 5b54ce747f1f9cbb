// The domain benchmark's outline (bench/domain.bench.ts): one task in ten made a summary, nested three
// deep, over a layered plan whose dependencies only run from one level to the next. Each summary's
// subtree stays inside its level, so links into and from summaries (the plan's own dependencies,
// which touch summaries as they touch any task) close no cycle through one.

/** One task in this many is a summary. */
export const SUMMARY_EVERY = 10;
/** Summaries nest this many levels deep (a summary's first summary child holds the next). */
export const SUMMARY_DEPTH = 3;

/**
 * Sets `parentId` on tasks laid out in levels of `perLevel` consecutive tasks: in each level, the
 * first task of every run of SUMMARY_EVERY is a summary over the other nine, and sits under the
 * summary of the run before it unless it starts a new nest of SUMMARY_DEPTH. Answers how many
 * summaries it made.
 * @example outlineLevels(tasks, 100) // 10,000 for 100,000 tasks
 */
export function outlineLevels(tasks: { id: number; parentId: number | null }[], perLevel: number): number {
  let summaries = 0;
  let previous: number | null = null;
  let depth = 0;
  for (let index = 0; index < tasks.length; index++) {
    const inLevel = index % perLevel;
    if (inLevel === 0) {
      previous = null;
      depth = 0;
    }
    const task = tasks[index];
    if (inLevel % SUMMARY_EVERY === 0) {
      task.parentId = depth % SUMMARY_DEPTH === 0 ? null : previous;
      previous = task.id;
      depth++;
      summaries++;
    } else {
      task.parentId = previous;
    }
  }
  return summaries;
}
