// Which dependency arrows the Gantt draws while it scrolls: those with an end in the rows drawn and
// those crossing them (from a row above to a row below), found from each arrow's two rows, kept in
// typed arrays, so a frame of a plan with twenty thousand arrows reads two numbers per arrow and
// touches nothing else.

/** The rows an arrow joins, by the task at each end. */
export type ArrowEnds = { sourceTaskId: number; targetTaskId: number };

/**
 * Each drawable arrow's place in the list it came from and its upper and lower rows. An arrow with
 * an end in no row (a task of a collapsed group or summary) is left out.
 */
export type ArrowRows = {
  count: number;
  arrow: Int32Array;
  upper: Int32Array;
  lower: Int32Array;
};

/**
 * The rows of each arrow, made once per change of the arrows or of the rows shown.
 * @example arrowRows([{ sourceTaskId: 1, targetTaskId: 2 }], (id) => ({ 1: 5, 2: 3 })[id]) // upper 3, lower 5
 */
export function arrowRows(
  arrows: readonly ArrowEnds[],
  rowOf: (taskId: number) => number | undefined,
): ArrowRows {
  const arrow = new Int32Array(arrows.length);
  const upper = new Int32Array(arrows.length);
  const lower = new Int32Array(arrows.length);
  let count = 0;
  arrows.forEach((ends, at) => {
    const from = rowOf(ends.sourceTaskId);
    const to = rowOf(ends.targetTaskId);
    if (from === undefined || to === undefined) return;
    arrow[count] = at;
    upper[count] = Math.min(from, to);
    lower[count] = Math.max(from, to);
    count += 1;
  });
  return { count, arrow, upper, lower };
}

/** The arrows to draw: with an end among the rows drawn, and crossing them (ends above and below). */
export type ArrowsInView = { ends: number[]; crossing: number[] };

/**
 * The arrows to draw when rows `first` to `last` (inclusive) are drawn: each arrow whose rows meet
 * them, either with an end among them (`ends`) or with one end above and the other below
 * (`crossing`: only a vertical run of it shows). Answers their places in the list given to
 * arrowRows, in its order. One pass over the arrows: O(arrows), no allocation but the answer.
 * @example arrowsInView(arrowRows(arrows, rowOf), 10, 30) // { ends: [0], crossing: [4] }: one inside, one from row 2 to 90
 */
export function arrowsInView(rows: ArrowRows, first: number, last: number): ArrowsInView {
  const shown: ArrowsInView = { ends: [], crossing: [] };
  if (first > last) return shown;
  const { count, arrow, upper, lower } = rows;
  for (let at = 0; at < count; at += 1) {
    if (upper[at] > last || lower[at] < first) continue;
    if (upper[at] < first && lower[at] > last) shown.crossing.push(arrow[at]);
    else shown.ends.push(arrow[at]);
  }
  return shown;
}
