import { apiRoutes } from "@core/api/routes";
import { dayWords } from "@core/scheduling/schedule-explanation";
import type { ProjectAsOfDto } from "@core/schemas/as-of";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ApiError, requestJson } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { asOfPlan, type ComparedPlan } from "../model/compared-plan";

/** The address of the plan at the end of `day` ("YYYY-MM-DD"), which is also its query key. */
const asOfUrl = (projectId: number, day: string) => apiRoutes.projectAsOf.url({ id: projectId }, { at: day });

/**
 * GET /api/projects/{id}/as-of?at=YYYY-MM-DD: the project as it stood at the end of that UTC day
 * (docs/spec/tracking.md, "The plan on a past day").
 */
export function getProjectAsOf(projectId: number, day: string): Promise<ProjectAsOfDto> {
  return requestJson<ProjectAsOfDto>("GET", asOfUrl(projectId, day));
}

export function getProjectAsOfQueryOptions(projectId: number, day: string) {
  return queryOptions({
    queryKey: [asOfUrl(projectId, day)] as const,
    queryFn: () => getProjectAsOf(projectId, day),
    // A past day's plan is rebuilt from a log that only grows after it: read once while shown.
    staleTime: Number.POSITIVE_INFINITY,
    // A refusal (before the history began) says the same thing on every try.
    retry: false,
  });
}

export type PastPlan = {
  /** The plan at the end of the day, as a compared plan; null until read, or when refused. */
  plan: ComparedPlan | null;
  /** Why it cannot be shown, in words; null otherwise. */
  error: string | null;
  /** The first day the project's history can show ("YYYY-MM-DD"), once a refusal has named it. */
  firstDay: string | null;
  loading: boolean;
};

/**
 * The plan at the end of `day` (none: null) as a compared plan. A day before the project's history
 * began is refused (409 before_history): its words name the first day it can show.
 */
export function usePastPlan(projectId: number, day: string | null): PastPlan {
  const { data, error, isLoading } = useQuery({
    ...getProjectAsOfQueryOptions(projectId, day ?? ""),
    enabled: day !== null,
  });
  const firstMoment =
    error instanceof ApiError && error.code === "before_history" && typeof error.body.firstMoment === "string"
      ? error.body.firstMoment
      : null;
  const refusedFrom = firstMoment ? firstMoment.slice(0, 10) : null;
  // Kept once named, so the input's min stays while another day is read.
  const [firstDay, setFirstDay] = useState<string | null>(null);
  if (refusedFrom !== null && refusedFrom !== firstDay) setFirstDay(refusedFrom);
  const plan = useMemo(
    () => (day !== null && data && Array.isArray(data.tasks) ? asOfPlan(day, data) : null),
    [data, day],
  );
  return {
    plan: day === null ? null : plan,
    error:
      day === null || !error ? null : refusedFrom ? beforeHistoryWords(refusedFrom) : errorMessage(error),
    firstDay: refusedFrom ?? firstDay,
    loading: day !== null && isLoading,
  };
}

/**
 * What a day before the project's history says.
 * @example beforeHistoryWords("2026-03-02") // "This project's history begins on Mar 2, 2026: pick that day or a later one."
 */
export const beforeHistoryWords = (firstDay: string) =>
  `This project's history begins on ${dayWords(firstDay)}: pick that day or a later one.`;
