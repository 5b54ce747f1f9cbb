import { todayUtc } from "@core/scheduling/status-date";
import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { useId, useRef } from "react";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { ComparedChoice } from "@/entities/baseline/model/compared-plan";
import { cn } from "@/lib/utils";
import type { PastDayState } from "./use-compared-plan";

type CompareSelectProps = {
  baselines: readonly BaselineSummaryDto[];
  choice: ComparedChoice | null;
  onChoose: (choice: ComparedChoice | null) => void;
  /** The past day's reading: its refusal under the date input, and the first day it can show. */
  pastDay: PastDayState;
  className?: string;
};

/** The value of "None" in the select. */
const NONE = "";
/** The value of "A past date…": the date input beside the select picks the day. */
const PAST_DATE = "date";
export const PAST_DATE_OPTION = "A past date…";
export const COMPARED_DATE_LABEL = "Compared date";

/**
 * "Compare with": None, one of the project's baselines by name, or "A past date…" with a date input
 * beside it: the plan as it stood at the end of that day (docs/spec/tracking.md). A day before the
 * project's history began is refused: its words show under the input, whose min is then that first
 * day. The select stays usable while a plan is read.
 */
export function CompareSelect({ baselines, choice, onChoose, pastDay, className }: CompareSelectProps) {
  const id = useId();
  const errorId = useId();
  // Set when "A past date…" is picked, so the date input that appears takes the focus.
  const focusDate = useRef(false);
  const value = choice === null ? NONE : choice.kind === "date" ? PAST_DATE : String(choice.id);

  function chooseOption(option: string) {
    if (option === NONE) onChoose(null);
    else if (option === PAST_DATE) {
      focusDate.current = true;
      onChoose({ kind: "date", day: choice?.kind === "date" ? choice.day : null });
    } else onChoose({ kind: "baseline", id: Number(option) });
  }

  return (
    <div className={cn("flex items-start gap-2", className)}>
      <label htmlFor={id} className="mt-2 text-sm whitespace-nowrap text-muted-foreground">
        Compare with
      </label>
      <NativeSelect
        id={id}
        data-compare-select
        value={value}
        onChange={(event) => chooseOption(event.target.value)}
        className="w-36"
      >
        <option value={NONE}>None</option>
        {baselines.map((baseline) => (
          <option key={baseline.id} value={baseline.id}>
            {baseline.name}
          </option>
        ))}
        <option value={PAST_DATE}>{PAST_DATE_OPTION}</option>
      </NativeSelect>
      {choice?.kind === "date" && (
        <div className="flex flex-col gap-1">
          <Input
            ref={(input) => {
              if (input && focusDate.current) {
                focusDate.current = false;
                input.focus();
              }
            }}
            type="date"
            aria-label={COMPARED_DATE_LABEL}
            data-compare-date
            value={choice.day ?? ""}
            min={pastDay.firstDay ?? undefined}
            max={todayUtc()}
            aria-invalid={pastDay.error ? true : undefined}
            aria-describedby={pastDay.error ? errorId : undefined}
            aria-busy={pastDay.loading || undefined}
            // An incomplete day reads as "": compare with nothing until one is picked.
            onChange={(event) => onChoose({ kind: "date", day: event.target.value || null })}
            className="w-40"
          />
          {pastDay.error && (
            <p id={errorId} role="alert" className="max-w-64 text-xs text-destructive">
              {pastDay.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
