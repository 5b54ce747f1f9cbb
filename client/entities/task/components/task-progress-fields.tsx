// A task's progress in the task dialog (docs/spec/tracking.md): its percent complete and the days
// work really started and finished. 100 % and completed are one fact, as the server keeps them: the
// percent and the status follow each other here, so what is sent agrees. A summary's progress rolls
// up from the tasks under it and is only shown.
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { formPercentToNumber } from "@core/schemas/tasks";
import { summaryPercents } from "@core/tasks/progress";
import type { TaskStatus } from "@core/tasks/status";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { TaskForm } from "@/entities/task/components/task-form";
import { TaskProgressBar } from "@/entities/task/components/task-progress-bar";

export const PROGRESS_TEXTS = {
  percent: "% complete",
  actualStart: "Actual start",
  actualFinish: "Actual finish",
  rolledUp: (percent: number) => `${percent} % complete, rolled up from the tasks under it`,
} as const;

const PROGRESS_FIELDS = ["percentComplete", "actualStart", "actualFinish"] as const;

/** Re-checks the progress fields once the form was submitted (their rules tie them together). */
const recheck = (form: TaskForm) => {
  if (form.formState.isSubmitted) void form.trigger([...PROGRESS_FIELDS, "status"]);
};

/**
 * A percent typed: 100 completes the task; less reopens a completed one (in progress, or not
 * started at 0 %) without its actual finish, as the server would.
 */
export function percentTyped(form: TaskForm, value: string) {
  const percent = formPercentToNumber(value);
  if (percent === null) return;
  const status = form.getValues("status");
  if (percent === 100 && status !== "completed") form.setValue("status", "completed", { shouldDirty: true });
  if (percent < 100 && status === "completed") {
    const reopened: TaskStatus = percent > 0 ? "in-progress" : "not-started";
    form.setValue("status", reopened, { shouldDirty: true });
    form.setValue("actualFinish", "", { shouldDirty: true });
  }
  recheck(form);
}

/** A status chosen: completed makes it 100 %; another takes a completed task back to 0 %. */
export function statusChosen(form: TaskForm, status: string) {
  const percent = formPercentToNumber(form.getValues("percentComplete"));
  if (status === "completed" && percent !== 100)
    form.setValue("percentComplete", "100", { shouldDirty: true });
  if (status !== "completed" && percent === 100) {
    form.setValue("percentComplete", "0", { shouldDirty: true });
    form.setValue("actualFinish", "", { shouldDirty: true });
  }
  recheck(form);
}

/**
 * A summary's progress: its leaves' rolled up by duration as the page holds them now (the server's
 * roll-up until a change reaches it), else the percent the task came with.
 * @example summaryProgress(projectTasks, design) // 62
 */
export function summaryProgress(
  tasks: readonly Pick<ScheduledTaskDto, "id" | "parentId" | "percentComplete" | "duration">[],
  summary: Pick<ScheduledTaskDto, "id" | "percentComplete">,
): number {
  return summaryPercents(tasks).get(summary.id) ?? summary.percentComplete;
}

/**
 * % complete, actual start and actual finish side by side from tablet width; for a summary, its
 * rolled-up percent as a bar and in words.
 */
export function TaskProgressFields({ form, rolledUpPercent }: { form: TaskForm; rolledUpPercent?: number }) {
  const id = useId();
  const { errors } = form.formState;
  if (rolledUpPercent !== undefined) {
    return (
      <div className="grid gap-2" data-testid="summary-progress">
        <TaskProgressBar percent={rolledUpPercent} className="max-w-xs" />
        <p className="text-xs text-muted-foreground">{PROGRESS_TEXTS.rolledUp(rolledUpPercent)}</p>
      </div>
    );
  }
  const cell = "grid content-start gap-2";
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField
        id={`${id}-percent`}
        label={PROGRESS_TEXTS.percent}
        error={errors.percentComplete?.message}
        className={cell}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            max={100}
            step={5}
            inputMode="numeric"
            autoComplete="off"
            {...form.register("percentComplete", {
              onChange: (event) => percentTyped(form, event.target.value),
            })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-actual-start`}
        label={PROGRESS_TEXTS.actualStart}
        error={errors.actualStart?.message}
        className={cell}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            {...form.register("actualStart", { onChange: () => recheck(form) })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-actual-finish`}
        label={PROGRESS_TEXTS.actualFinish}
        error={errors.actualFinish?.message}
        className={cell}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            {...form.register("actualFinish", { onChange: () => recheck(form) })}
          />
        )}
      </FormField>
    </div>
  );
}
