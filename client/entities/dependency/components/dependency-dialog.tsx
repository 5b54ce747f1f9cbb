// Editing one dependency, selected in the graph, the Gantt or the task dialog: its type (FS, SS, FF,
// SF) and its lag in working days (negative is a lead), validated by core's rule through
// react-hook-form. A change that moves other tasks or the project's finish, a removal included, is
// previewed before it is applied.

import { DEPENDENCY_TYPE_NAMES } from "@core/scheduling/dependency-label";
import { DEPENDENCY_TYPES } from "@core/scheduling/engine";
import { type DependencyFormValues, dependencyFormSchema, LAG_FORM_ERROR } from "@core/schemas/dependencies";
import type { DependencyDto, TaskDto } from "@core/schemas/projects";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { deleteDependencyRequest, useDeleteDependency } from "@/entities/dependency/api/delete-dependency";
import { updateDependencyRequest, useUpdateDependency } from "@/entities/dependency/api/update-dependency";
import { useSchedulePreview } from "@/entities/schedule/components/use-schedule-preview";

export const DEPENDENCY_DIALOG_TEXTS = {
  title: "Dependency",
  type: "Type",
  lag: "Lag (working days)",
  lagHint: "Negative for a lead: the dependent may start that many days early.",
  lagError: LAG_FORM_ERROR,
} as const;

type DependencyDialogProps = {
  dependency: DependencyDto | null;
  tasks: readonly TaskDto[];
  canEdit: boolean;
  onClose: () => void;
};

const valuesOf = (dependency: DependencyDto | null): DependencyFormValues => ({
  type: dependency?.type ?? "FS",
  lag: String(dependency?.lag ?? 0),
});

export function DependencyDialog({ dependency, tasks, canEdit, onClose }: DependencyDialogProps) {
  const id = useId();
  const form = useForm<DependencyFormValues, unknown, z.output<typeof dependencyFormSchema>>({
    resolver: zodResolver(dependencyFormSchema),
    defaultValues: valuesOf(dependency),
  });
  const update = useUpdateDependency();
  const remove = useDeleteDependency();
  const nameOf = (taskId: number) => tasks.find((task) => task.id === taskId)?.name;
  const preview = useSchedulePreview(nameOf);

  // A dialog opened on another dependency starts from its values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `form` is stable; the dependency is what changes.
  useEffect(() => {
    if (dependency) form.reset(valuesOf(dependency));
  }, [dependency]);

  if (!dependency) return preview.dialog;
  const source = nameOf(dependency.sourceTaskId) ?? "A task";
  const target = nameOf(dependency.targetTaskId) ?? "a task";

  const save = form.handleSubmit(({ type, lag }) => {
    const changes = { type, lag };
    const variables = { dependencyId: dependency.id, projectId: dependency.projectId, changes };
    onClose();
    if (type === dependency.type && lag === dependency.lag) return;
    void preview.confirm(updateDependencyRequest(variables), () => update.mutate(variables));
  });

  // Removing a link may let its dependent start earlier: the preview asks first, as for any change.
  function removeDependency() {
    if (!dependency) return;
    const variables = { dependencyId: dependency.id, projectId: dependency.projectId };
    onClose();
    void preview.confirm(deleteDependencyRequest(variables), () => remove.mutate(variables));
  }

  return (
    <>
      <DialogShell
        open
        onOpenChange={(open) => !open && onClose()}
        className="sm:max-w-md"
        onSubmit={save}
        title={DEPENDENCY_DIALOG_TEXTS.title}
        description={`“${source}” → “${target}”`}
        descriptionClassName="wrap-anywhere"
        footerClassName="gap-2 sm:justify-between"
        footer={
          <>
            {canEdit ? (
              <Button variant="destructive" onClick={removeDependency}>
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
          </>
        }
      >
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${id}-type`}
            label={DEPENDENCY_DIALOG_TEXTS.type}
            className="grid content-start gap-2"
          >
            {(control) => (
              <NativeSelect {...control} {...form.register("type")}>
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
            error={form.formState.errors.lag?.message}
            className="grid content-start gap-2"
          >
            {(control) => <Input {...control} inputMode="numeric" {...form.register("lag")} />}
          </FormField>
        </fieldset>
      </DialogShell>
      {preview.dialog}
    </>
  );
}
