// The task dialog's hold on the version of the task it edits: the update is sent against that
// version (a 409 `stale` if the task changed since), and a newer version, arriving live or with a
// 409, is merged into the form field by field (rebaseFormValues).
import type { TaskDto } from "@core/schemas/projects";
import type { TaskFormField, TaskFormValues } from "@core/schemas/tasks";
import { useEffect, useRef, useState } from "react";
import type { TaskForm } from "@/entities/task/components/task-fields";
import { rebaseFormValues, taskToFormValues } from "@/entities/task/components/task-form-values";

/** A collaborator's version met fields the user changed too: theirs, and which fields. */
export type TaskConflict = { theirs: TaskDto; fields: TaskFormField[] };

type FollowedTaskInputs = {
  form: TaskForm;
  /** The task as the cache has it now; null while adding one. */
  task: TaskDto | null;
  open: boolean;
  /** Whether the form holds a project field (the project selector shows). */
  requireProject: boolean;
  /** A save is on its way: its answer decides, so live versions wait. */
  saving: boolean;
};

export function useFollowedTask({ form, task, open, requireProject, saving }: FollowedTaskInputs) {
  const base = useRef<TaskDto | null>(task);
  const [conflict, setConflict] = useState<TaskConflict | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new task or a new opening starts over.
  useEffect(() => {
    if (!open) return;
    base.current = task;
    setConflict(null);
  }, [open, task?.id]);

  /**
   * Moves the form onto a newer version of the task: fields the user left take its values; fields
   * both changed keep the user's and are listed with theirs. Answers those conflicting fields.
   */
  function adopt(newer: TaskDto): TaskFormField[] {
    const current = base.current;
    if (!current || current.id !== newer.id) return [];
    const { values, conflicts } = rebaseFormValues(current, newer, form.getValues(), requireProject);
    for (const [field, value] of Object.entries(values) as [keyof TaskFormValues, string][]) {
      if (form.getValues(field) !== value) form.setValue(field, value);
    }
    base.current = newer;
    if (conflicts.length > 0) setConflict({ theirs: newer, fields: conflicts });
    return conflicts;
  }

  // A collaborator's change arriving while the dialog is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the task matters.
  useEffect(() => {
    if (!open || !task || saving || task.updatedAt === base.current?.updatedAt) return;
    adopt(task);
  }, [task?.updatedAt]);

  return {
    /** The version the form's values stand on. */
    base: () => base.current,
    conflict,
    adopt,
    /** The write went through: nothing left to show. */
    resolved: () => setConflict(null),
    /** "Use their values": the conflicting fields take the collaborator's values. */
    takeTheirs: () => {
      if (!conflict) return;
      const theirs = taskToFormValues(conflict.theirs, requireProject);
      for (const field of conflict.fields) form.setValue(field, theirs[field]);
      setConflict(null);
    },
  };
}
