// Editing one dependency, selected in the graph or the Gantt: its type (FS, SS, FF, SF) and its lag
// in working days (negative is a lead). A change that moves other tasks or the project's finish is
// previewed before it is applied; Remove deletes the dependency.
import { DEPENDENCY_TYPE_NAMES } from "@core/scheduling/dependency-label";
import { DEPENDENCY_TYPES } from "@core/scheduling/engine";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { type DependencyType, LAG_LIMIT } from "@core/schemas/scheduling";
import { useEffect, useId, useState } from "react";
import { useSchedulePreview } from "@/components/scheduling/use-schedule-preview";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useDeleteDependency } from "@/lib/api/dependencies/delete-dependency";
import { useUpdateDependency } from "@/lib/api/dependencies/update-dependency";

export const DEPENDENCY_DIALOG_TEXTS = {
  title: "Dependency",
  type: "Type",
  lag: "Lag (working days)",
  lagHint: "Negative for a lead: the dependent may start that many days early.",
  lagError: `Lag must be a whole number of working days from -${LAG_LIMIT} to ${LAG_LIMIT}.`,
} as const;

type DependencyDialogProps = {
  dependency: DependencyDto | null;
  tasks: readonly TaskDto[];
  canEdit: boolean;
  onClose: () => void;
};

/** Reads a typed lag: a whole number within the limits, else null. */
export function parseLag(text: string): number | null {
  if (!/^\s*[-+]?\d+\s*$/.test(text)) return null;
  const lag = Number(text);
  return Math.abs(lag) <= LAG_LIMIT ? lag : null;
}

export function DependencyDialog({ dependency, tasks, canEdit, onClose }: DependencyDialogProps) {
  const id = useId();
  const [type, setType] = useState<DependencyType>("FS");
  const [lagText, setLagText] = useState("0");
  const [lagError, setLagError] = useState<string | null>(null);
  const update = useUpdateDependency();
  const remove = useDeleteDependency();
  const nameOf = (taskId: number) => tasks.find((task) => task.id === taskId)?.name;
  const preview = useSchedulePreview(nameOf);

  useEffect(() => {
    if (!dependency) return;
    setType(dependency.type ?? "FS");
    setLagText(String(dependency.lag ?? 0));
    setLagError(null);
  }, [dependency]);

  if (!dependency) return preview.dialog;
  const source = nameOf(dependency.sourceTaskId) ?? "A task";
  const target = nameOf(dependency.targetTaskId) ?? "a task";

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!dependency) return;
    const lag = parseLag(lagText);
    if (lag === null) {
      setLagError(DEPENDENCY_DIALOG_TEXTS.lagError);
      return;
    }
    const changes = { type, lag };
    const variables = { dependencyId: dependency.id, projectId: dependency.projectId, changes };
    onClose();
    if (type === dependency.type && lag === dependency.lag) return;
    void preview.confirm({ method: "PUT", url: `/api/dependencies/${dependency.id}`, body: changes }, () =>
      update.mutate(variables),
    );
  }

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="sm:max-w-md">
          <form onSubmit={save} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{DEPENDENCY_DIALOG_TEXTS.title}</DialogTitle>
              <DialogDescription className="wrap-anywhere">
                “{source}” → “{target}”
              </DialogDescription>
            </DialogHeader>
            <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`${id}-type`}
                label={DEPENDENCY_DIALOG_TEXTS.type}
                className="grid content-start gap-2"
              >
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={type}
                    onChange={(event) => setType(event.target.value as DependencyType)}
                  >
                    {DEPENDENCY_TYPES.map((each) => (
                      <option key={each} value={each}>
                        {each}: {DEPENDENCY_TYPE_NAMES[each]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                id={`${id}-lag`}
                label={DEPENDENCY_DIALOG_TEXTS.lag}
                description={DEPENDENCY_DIALOG_TEXTS.lagHint}
                error={lagError ?? undefined}
                className="grid content-start gap-2"
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={lagText}
                    onChange={(event) => {
                      setLagText(event.target.value);
                      setLagError(null);
                    }}
                  />
                )}
              </FormField>
            </fieldset>
            <DialogFooter className="gap-2 sm:justify-between">
              {canEdit ? (
                <Button
                  variant="destructive"
                  onClick={() => {
                    remove.mutate({ dependencyId: dependency.id, projectId: dependency.projectId });
                    onClose();
                  }}
                >
                  Remove
                </Button>
              ) : (
                <span className="max-sm:hidden" />
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <DialogClose asChild>
                  <Button variant="outline">{canEdit ? "Cancel" : "Close"}</Button>
                </DialogClose>
                {canEdit && <Button type="submit">Save</Button>}
              </div>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {preview.dialog}
    </>
  );
}
