// Showing a driving path fits the view to its cards, once per path shown.
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PATH_FIT_OPTIONS, useFitDrivingPath } from "./use-fit-driving-path";

type Props = { path: { taskId: number } | null; cards: ReadonlySet<number> | undefined };

describe("useFitDrivingPath", () => {
  it("fits the path's cards when it is shown, not again as it re-renders, and again once shown anew", () => {
    const fitView = vi.fn(async () => true);
    const { rerender } = renderHook(({ path, cards }: Props) => useFitDrivingPath(path, cards, fitView), {
      initialProps: { path: null, cards: undefined } as Props,
    });
    expect(fitView).not.toHaveBeenCalled();

    rerender({ path: { taskId: 4 }, cards: new Set([4, 2, 1]) });
    expect(fitView).toHaveBeenCalledTimes(1);
    expect(fitView).toHaveBeenCalledWith({
      ...PATH_FIT_OPTIONS,
      nodes: [{ id: "4" }, { id: "2" }, { id: "1" }],
    });
    expect(PATH_FIT_OPTIONS).toMatchObject({ maxZoom: 1, padding: 0.2 });

    // The plan changed: the same path worked out again, a new object.
    rerender({ path: { taskId: 4 }, cards: new Set([4, 2, 1]) });
    expect(fitView).toHaveBeenCalledTimes(1);

    rerender({ path: { taskId: 3 }, cards: new Set([3, 1]) });
    expect(fitView).toHaveBeenCalledTimes(2);
    expect(fitView).toHaveBeenLastCalledWith({ ...PATH_FIT_OPTIONS, nodes: [{ id: "3" }, { id: "1" }] });

    rerender({ path: null, cards: undefined });
    rerender({ path: { taskId: 3 }, cards: new Set([3, 1]) });
    expect(fitView).toHaveBeenCalledTimes(3);
  });
});
