// The task dialog's form as its field groups receive it: one type every group imports, so that
// no group needs the module of another (the fields and the progress fields use each other's parts).
import type { TaskFormValues } from "@core/schemas/tasks";
import type { UseFormReturn } from "react-hook-form";
import type { TaskFormOutput } from "@/entities/task/components/task-form-values";

export type TaskForm = UseFormReturn<TaskFormValues, unknown, TaskFormOutput>;
