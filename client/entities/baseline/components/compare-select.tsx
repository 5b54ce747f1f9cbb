import type { BaselineSummaryDto } from "@core/schemas/baselines";
import { useId } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";

type CompareSelectProps = {
  baselines: readonly BaselineSummaryDto[];
  chosenId: number | null;
  onChoose: (baselineId: number | null) => void;
  className?: string;
};

/** The value of "None" in the select. */
const NONE = "";

/**
 * "Compare with": None or one of the project's baselines by name. The plan as it stood on a past
 * day joins these once its API exists (docs/spec/tracking.md).
 */
export function CompareSelect({ baselines, chosenId, onChoose, className }: CompareSelectProps) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
        Compare with
      </label>
      <NativeSelect
        id={id}
        data-compare-select
        value={chosenId === null ? NONE : String(chosenId)}
        onChange={(event) => onChoose(event.target.value === NONE ? null : Number(event.target.value))}
        className="w-36"
      >
        <option value={NONE}>None</option>
        {baselines.map((baseline) => (
          <option key={baseline.id} value={baseline.id}>
            {baseline.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
