// The baseline a user compares the plan with, chosen in the Gantt's toolbar or the list's and
// remembered per user and project (localStorage), so both views show the same one.
import type { PublicUser } from "@core/schemas/auth";
import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { type ComparedBaseline, useBaseline } from "@/entities/baseline/api/get-baseline";
import { useBaselines } from "@/entities/baseline/api/get-baselines";
import { comparedBaselineKey, readStoredString, removeStored, writeStoredString } from "@/lib/storage-keys";
import { AUTH_USER_QUERY_KEY } from "@/lib/use-auth";

/** Told when this tab changes a choice: the other view mounted reads it again. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export type BaselineComparison = {
  /** The project's baselines (none on a public link, whose visitor cannot read them). */
  baselines: BaselineSummaryDto[];
  /** The id chosen, while it is one of the project's baselines (before they load: the stored one). */
  chosenId: number | null;
  choose: (baselineId: number | null) => void;
  /** The chosen baseline read, with its tasks by id; null for none, or until it is read. */
  baseline: ComparedBaseline | null;
  /** Whether baselines can be compared here at all (not on a public link). */
  available: boolean;
};

const NO_BASELINES: BaselineSummaryDto[] = [];

/**
 * The compared baseline of a project for the signed-in user. The stored choice is read at once, so
 * the baseline is fetched beside the list of baselines, not after it; a baseline deleted since
 * counts as none.
 */
export function useComparedBaseline(projectId: number, publicLink: boolean): BaselineComparison {
  const queryClient = useQueryClient();
  const userId = queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  const key = comparedBaselineKey(userId ?? "public", projectId);
  const stored = useSyncExternalStore(subscribe, () => readStoredString(key));
  const list = useBaselines(projectId, !publicLink);
  // An answer that is not a list (a proxy's page read as JSON) shows none rather than breaking the view.
  const baselines = Array.isArray(list.data) ? list.data : NO_BASELINES;
  const storedId = publicLink || stored === null ? null : Number(stored);
  const chosenId =
    storedId === null || !Number.isInteger(storedId)
      ? null
      : list.isSuccess && !baselines.some((each) => each.id === storedId)
        ? null
        : storedId;
  const baseline = useBaseline(projectId, chosenId);
  const choose = useCallback(
    (baselineId: number | null) => {
      if (baselineId === null) removeStored(key);
      else writeStoredString(key, String(baselineId));
      for (const listener of listeners) listener();
    },
    [key],
  );
  return { baselines, chosenId, choose, baseline, available: !publicLink };
}
