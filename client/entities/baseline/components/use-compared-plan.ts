// The plan a user compares the current one with: a saved baseline or the plan at the end of a past
// day, chosen in the Gantt's toolbar or the list's and remembered per user and project
// (localStorage: "baseline:<id>" or "date:YYYY-MM-DD"; an older plain id reads as a baseline), so
// both views show the same one.
import type { PublicUser } from "@core/schemas/auth";
import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useBaseline } from "@/entities/baseline/api/get-baseline";
import { useBaselines } from "@/entities/baseline/api/get-baselines";
import { usePastPlan } from "@/entities/baseline/api/get-project-as-of";
import {
  type ComparedChoice,
  type ComparedPlan,
  parseComparedChoice,
  pastDayName,
  storedComparedChoice,
} from "@/entities/baseline/model/compared-plan";
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

export type PastDayState = {
  /** Why the day's plan cannot be shown, in words (a day before the history began); null otherwise. */
  error: string | null;
  /** The first day the project's history can show, once the server has named it. */
  firstDay: string | null;
  /** The day's plan is being read. */
  loading: boolean;
};

export type PlanComparison = {
  /** The project's baselines (none on a public link, whose visitor cannot read them). */
  baselines: BaselineSummaryDto[];
  /** What is compared: a baseline while it is one of the project's (before they load: the stored one), or a past day. */
  choice: ComparedChoice | null;
  choose: (choice: ComparedChoice | null) => void;
  /** The compared plan read, its tasks by id; null for none, or until it is read (or refused). */
  plan: ComparedPlan | null;
  /** The compared plan's name as soon as it is known ("" for a baseline whose name is not yet read); null for none. */
  name: string | null;
  /** The past day's reading; nothing to say for a baseline. */
  pastDay: PastDayState;
  /** Whether plans can be compared here at all (not on a public link). */
  available: boolean;
};

const NO_BASELINES: BaselineSummaryDto[] = [];

/**
 * The compared plan of a project for the signed-in user. The stored choice is read at once, so a
 * baseline is fetched beside the list of baselines, not after it; a baseline deleted since counts
 * as none. A past day is read as the project stood at its end (GET as-of).
 */
export function useComparedPlan(projectId: number, publicLink: boolean): PlanComparison {
  const queryClient = useQueryClient();
  const userId = queryClient.getQueryData<PublicUser | null>(AUTH_USER_QUERY_KEY)?.id;
  const key = comparedBaselineKey(userId ?? "public", projectId);
  const stored = useSyncExternalStore(subscribe, () => readStoredString(key));
  const list = useBaselines(projectId, !publicLink);
  // An answer that is not a list (a proxy's page read as JSON) shows none rather than breaking the view.
  const baselines = Array.isArray(list.data) ? list.data : NO_BASELINES;
  const parsed = publicLink ? null : parseComparedChoice(stored);
  const choice =
    parsed?.kind === "baseline" && list.isSuccess && !baselines.some((each) => each.id === parsed.id)
      ? null
      : parsed;
  const baseline = useBaseline(projectId, choice?.kind === "baseline" ? choice.id : null);
  const past = usePastPlan(projectId, choice?.kind === "date" ? choice.day : null);
  const choose = useCallback(
    (next: ComparedChoice | null) => {
      if (next === null) removeStored(key);
      else writeStoredString(key, storedComparedChoice(next));
      for (const listener of listeners) listener();
    },
    [key],
  );
  return {
    baselines,
    choice,
    choose,
    plan: choice?.kind === "baseline" ? baseline : choice?.kind === "date" ? past.plan : null,
    name: comparedName(choice, baselines),
    pastDay: { error: past.error, firstDay: past.firstDay, loading: past.loading },
    available: !publicLink,
  };
}

/** The name of what is compared, before its plan is read: a baseline's, or the day's in words. */
function comparedName(
  choice: ComparedChoice | null,
  baselines: readonly BaselineSummaryDto[],
): string | null {
  if (choice === null) return null;
  if (choice.kind === "date") return choice.day === null ? null : pastDayName(choice.day);
  return baselines.find((each) => each.id === choice.id)?.name ?? "";
}
