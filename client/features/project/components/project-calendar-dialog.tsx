// The project's working calendar (admins and the owner): the day the schedule starts from, the
// weekdays worked, the holidays and the status date progress is judged at (docs/spec/tracking.md).
// Saving previews what the new calendar moves before applying.

import type { ProjectDto } from "@core/schemas/projects";
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { updateProjectRequest, useUpdateProject } from "@/entities/project/api/update-project";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";
import { useProjectContext } from "@/features/project/project-context";
import { errorMessage } from "@/lib/error-message";
import { HOLIDAY_TEXTS, holidaysWithTyped } from "@/lib/holidays";
import { formatTaskDate } from "@/lib/task-dates";
import { toast } from "@/lib/use-toast";

export const CALENDAR_TEXTS = {
  title: "Schedule Settings",
  description: "Durations and lags count the working days of this calendar.",
  startDate: "Project start date",
  statusDate: "Status date",
  statusDateHint: "Progress is judged at the end of this day; empty means today.",
  workingDays: "Working days",
  holidays: "Holidays",
  addHoliday: "Add holiday",
  noWorkingDay: "Choose at least one working day.",
  noStartDate: "Choose the day the project starts.",
  saved: "Schedule settings saved",
  failed: "Failed to save schedule settings",
} as const;

const WEEKDAYS = [
  [1, "Mon"],
  [2, "Tue"],
  [3, "Wed"],
  [4, "Thu"],
  [5, "Fri"],
  [6, "Sat"],
  [7, "Sun"],
] as const;

type CalendarDialogProps = { project: ProjectDto; open: boolean; onOpenChange: (open: boolean) => void };

export function ProjectCalendarDialog({ project, open, onOpenChange }: CalendarDialogProps) {
  const id = useId();
  const { tasks } = useProjectContext();
  const [startDate, setStartDate] = useState(project.startDate);
  const [statusDate, setStatusDate] = useState(project.statusDate ?? "");
  const [workingDays, setWorkingDays] = useState<number[]>(project.workingDays ?? [1, 2, 3, 4, 5]);
  const [holidays, setHolidays] = useState<string[]>(project.holidays ?? []);
  const [holiday, setHoliday] = useState("");
  const holidayInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProject();
  const preview = useSchedulePreview((taskId) => tasks.find((task) => task.id === taskId)?.name);

  useEffect(() => {
    if (!open) return;
    setStartDate(project.startDate);
    setStatusDate(project.statusDate ?? "");
    setWorkingDays(project.workingDays ?? [1, 2, 3, 4, 5]);
    setHolidays(project.holidays ?? []);
    setHoliday("");
    setProblem(null);
  }, [open, project]);

  const toggleDay = (day: number) =>
    setWorkingDays((days) =>
      days.includes(day) ? days.filter((each) => each !== day) : [...days, day].sort(),
    );
  /** The listed holidays with the one still typed in the field, or null with the problem shown. */
  const withTypedHoliday = () => {
    const typed = { value: holiday, unfinished: holidayInput.current?.validity.badInput ?? false };
    const next = holidaysWithTyped(holidays, typed);
    if (next.problem !== undefined) {
      setProblem(next.problem);
      holidayInput.current?.focus();
      return null;
    }
    setProblem(null);
    return next.holidays;
  };
  const addHoliday = () => {
    const next = withTypedHoliday();
    if (!next) return;
    setHolidays(next);
    setHoliday("");
    holidayInput.current?.focus();
  };

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!startDate) return setProblem(CALENDAR_TEXTS.noStartDate);
    if (workingDays.length === 0) return setProblem(CALENDAR_TEXTS.noWorkingDay);
    // A date typed and never added is saved too: Save means what the dialog shows.
    const withTyped = withTypedHoliday();
    if (!withTyped) return;
    const changes = { startDate, workingDays, holidays: withTyped, statusDate: statusDate || null };
    onOpenChange(false);
    void preview.confirm(updateProjectRequest({ projectId: project.id, changes }), () =>
      update.mutate(
        { projectId: project.id, changes },
        {
          onSuccess: () => toast({ title: CALENDAR_TEXTS.saved }),
          onError: (error) =>
            toast({ variant: "destructive", title: CALENDAR_TEXTS.failed, description: errorMessage(error) }),
        },
      ),
    );
  }

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={CALENDAR_TEXTS.title}
        description={CALENDAR_TEXTS.description}
        onSubmit={save}
        submitting={false}
        submitLabel="Save"
        pendingLabel="Saving..."
      >
        <FormField id={`${id}-start`} label={CALENDAR_TEXTS.startDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-status`}
          label={CALENDAR_TEXTS.statusDate}
          description={CALENDAR_TEXTS.statusDateHint}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              value={statusDate}
              onChange={(e) => setStatusDate(e.target.value)}
            />
          )}
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{CALENDAR_TEXTS.workingDays}</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map(([day, label]) => (
              <Label key={day} className="flex items-center gap-1.5 font-normal">
                <input
                  type="checkbox"
                  checked={workingDays.includes(day)}
                  onChange={() => toggleDay(day)}
                  className="size-4 accent-primary"
                />
                {label}
              </Label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-holiday`}>{CALENDAR_TEXTS.holidays}</Label>
          <div className="flex gap-2">
            <Input
              ref={holidayInput}
              id={`${id}-holiday`}
              type="date"
              value={holiday}
              onChange={(e) => setHoliday(e.target.value)}
              // A half-typed date stops the form's submit in the browser: say why, in our words.
              onInvalid={(event) => {
                event.preventDefault();
                setProblem(HOLIDAY_TEXTS.unfinished);
              }}
              onKeyDown={(event) => {
                // Enter in the field adds the date, as "Add holiday" does, rather than saving.
                if (event.key !== "Enter") return;
                event.preventDefault();
                addHoliday();
              }}
            />
            <Button variant="outline" onClick={addHoliday} disabled={!holiday}>
              {CALENDAR_TEXTS.addHoliday}
            </Button>
          </div>
          {holidays.length > 0 && (
            <ul
              className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto"
              aria-label={CALENDAR_TEXTS.holidays}
            >
              {holidays.map((day) => (
                <li
                  key={day}
                  className="flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs"
                >
                  {formatTaskDate(day)}
                  <button
                    type="button"
                    aria-label={`Remove holiday ${formatTaskDate(day)}`}
                    className="rounded-full p-0.5 hover:bg-background"
                    onClick={() => setHolidays((days) => days.filter((each) => each !== day))}
                  >
                    <X aria-hidden className="size-3" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </FormDialog>
      {preview.dialog}
    </>
  );
}
