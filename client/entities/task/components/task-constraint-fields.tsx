// The task's constraint and deadline in the task dialog (docs/spec/constraints.md): one of MS
// Project's eight types, the date a dated type names, and a deadline. A summary takes only as soon
// as possible and start no earlier than; a manual task keeps its constraint for when it is
// auto-scheduled again.
import { CONSTRAINT_NAMES, SUMMARY_CONSTRAINTS } from "@core/scheduling/constraint-fields";
import { CONSTRAINT_TYPES, type ConstraintType, DATED_CONSTRAINTS } from "@core/scheduling/constraints";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { TaskForm } from "@/entities/task/components/task-form";

export const CONSTRAINT_TEXTS = {
  constraint: "Constraint",
  deadline: "Deadline",
  manual: "A manual task stays on its own dates; its constraint applies when it is auto-scheduled.",
} as const;

/**
 * Constraint, its date (labelled as the type reads: "Start no later than") and deadline, side by
 * side from tablet width. Choosing an undated type clears the date.
 */
export function TaskConstraintFields({ form, summary = false }: { form: TaskForm; summary?: boolean }) {
  const id = useId();
  const { errors, isSubmitted } = form.formState;
  const [type, mode] = form.watch(["constraintType", "schedulingMode"]);
  // A summary holding another type (from an import) still shows it, to be changed.
  const types: readonly ConstraintType[] = summary
    ? CONSTRAINT_TYPES.filter((each) => SUMMARY_CONSTRAINTS.includes(each) || each === type)
    : CONSTRAINT_TYPES;
  const dated = DATED_CONSTRAINTS.includes(type);
  const cell = "grid content-start gap-2";
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField
        id={`${id}-constraint`}
        label={CONSTRAINT_TEXTS.constraint}
        error={errors.constraintType?.message}
        description={!summary && mode === "manual" ? CONSTRAINT_TEXTS.manual : undefined}
        className={cell}
      >
        {(control) => (
          <NativeSelect
            {...control}
            {...form.register("constraintType", {
              onChange: (event) => {
                if (!DATED_CONSTRAINTS.includes(event.target.value))
                  form.setValue("constraintDate", "", { shouldDirty: true });
                if (isSubmitted) void form.trigger("constraintDate");
              },
            })}
          >
            {types.map((each) => (
              <option key={each} value={each}>
                {CONSTRAINT_NAMES[each]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {dated && (
        <FormField
          id={`${id}-constraint-date`}
          label={CONSTRAINT_NAMES[type]}
          error={errors.constraintDate?.message}
          className={cell}
        >
          {(control) => <Input {...control} type="date" {...form.register("constraintDate")} />}
        </FormField>
      )}
      <FormField
        id={`${id}-deadline`}
        label={CONSTRAINT_TEXTS.deadline}
        error={errors.deadline?.message}
        className={cell}
      >
        {(control) => <Input {...control} type="date" {...form.register("deadline")} />}
      </FormField>
    </div>
  );
}
