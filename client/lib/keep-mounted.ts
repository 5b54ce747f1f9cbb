// A virtualised list keeps the row being dragged drawn while it scrolls far from it: the pointer
// is captured by that row's grip (or the drag overlay reads its element), and an unmounted row
// would drop the drag half way.
import { defaultRangeExtractor, type Range } from "@tanstack/react-virtual";
import { useCallback } from "react";

/** A `rangeExtractor` drawing the rows in view and, wherever it is, the row at `kept` (-1: none). */
export function useRangeKeeping(kept: number): (range: Range) => number[] {
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return kept < 0 || indexes.includes(kept) ? indexes : [...indexes, kept].sort((a, b) => a - b);
    },
    [kept],
  );
}
