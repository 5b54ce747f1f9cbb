import { createProjectSchema } from "@core/schemas/projects";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

type ProjectFormValues = z.input<typeof createProjectSchema>;
type ProjectForm = UseFormReturn<ProjectFormValues, unknown, z.output<typeof createProjectSchema>>;

/**
 * A project's name and description, validated with the schema the server parses; each opening of
 * the dialog starts from `values`, not from what was typed last time.
 */
export function useProjectForm(values: ProjectFormValues, open: boolean): ProjectForm {
  const form = useForm<ProjectFormValues, unknown, z.output<typeof createProjectSchema>>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: values,
  });
  const { name, description } = values;
  useEffect(() => {
    if (open) form.reset({ name, description });
  }, [open, name, description, form]);
  return form;
}

/** The Name and Description fields of the New Project and Project Details dialogs. */
export function ProjectFields({ form, descriptionRows }: { form: ProjectForm; descriptionRows: number }) {
  const { errors } = form.formState;
  const nameId = useId();
  const descriptionId = useId();
  return (
    <>
      <FormField id={nameId} label="Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} placeholder="Project name" autoComplete="off" {...form.register("name")} />
        )}
      </FormField>
      <FormField id={descriptionId} label="Description" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            placeholder="What is this project about? (optional)"
            rows={descriptionRows}
            {...form.register("description")}
          />
        )}
      </FormField>
    </>
  );
}
