import type { TaskSchedule } from "@core/schemas/scheduling";
import { useId } from "react";
import type { TaskForm } from "@/components/tasks/task-fields";
import { TaskPlanFields } from "@/components/tasks/task-plan-fields";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

const DATE_FIELDS = [
  { name: "snoozeUntil", label: "Snooze Until" },
  { name: "startDate", label: "Start Date" },
  { name: "dueDate", label: "Due Date" },
] as const;

type DateField = (typeof DATE_FIELDS)[number]["name"];

// The date rules (due on or after snooze and start, snooze on or after start) tie the dates
// together: changing one re-checks the others.
const RELATED: Record<DateField, DateField[]> = {
  snoozeUntil: ["dueDate"],
  startDate: ["snoozeUntil", "dueDate"],
  dueDate: ["snoozeUntil"],
};

/**
 * The Scheduling section: duration, mode and constraint with the computed dates, then snooze until,
 * start date and due date, each with a Clear button.
 */
export function TaskSchedulingFields({
  form,
  disabled,
  schedule,
}: {
  form: TaskForm;
  disabled?: boolean;
  schedule?: TaskSchedule | null;
}) {
  const id = useId();
  const { errors, isSubmitted } = form.formState;
  const values = form.watch(["snoozeUntil", "startDate", "dueDate"]);

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Scheduling</legend>
      <TaskPlanFields form={form} schedule={schedule} />
      <div className="grid gap-4 sm:grid-cols-3">
        {DATE_FIELDS.map(({ name, label }, index) => (
          <FormField
            key={name}
            id={`${id}-${name}`}
            label={label}
            error={errors[name]?.message}
            className="grid content-start gap-2"
            labelAction={
              !disabled && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2 text-xs text-muted-foreground"
                  aria-label={`Clear ${label}`}
                  disabled={!values[index]}
                  onClick={() => {
                    form.setValue(name, "", { shouldDirty: true });
                    if (isSubmitted) void form.trigger([name, ...RELATED[name]]);
                  }}
                >
                  Clear
                </Button>
              )
            }
          >
            {(control) => (
              <Input {...control} type="date" {...form.register(name, { deps: RELATED[name] })} />
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
