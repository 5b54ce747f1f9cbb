import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useUpdateProject } from "@/entities/project/api/update-project";
import { decideRename } from "@/entities/project/components/rename-decision";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type RenameProjectDialogProps = {
  project: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The 'Rename Project' dialog of the sidebar's Project Options menu and of the project menu. */
export function RenameProjectDialog({ project, open, onOpenChange }: RenameProjectDialogProps) {
  const updateProject = useUpdateProject();
  const form = useForm<{ name: string }>({ defaultValues: { name: project.name } });
  const { errors, isSubmitting } = form.formState;
  const fieldId = useId();

  // Each opening starts from the current name, not from what was typed last time.
  useEffect(() => {
    if (open) form.reset({ name: project.name });
  }, [open, project.name, form]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    const decision = decideRename(project.name, name);
    if (decision.kind === "close") {
      onOpenChange(false);
      return;
    }
    if (decision.kind === "invalid") {
      form.setError("name", { message: decision.message });
      return;
    }
    try {
      await updateProject.mutateAsync({ projectId: project.id, changes: { name: decision.name } });
      toast({ title: "Success", description: "Project renamed successfully" });
      onOpenChange(false);
    } catch (error) {
      console.error("Failed to rename project", error);
      toast({ variant: "destructive", title: "Failed to rename project", description: errorMessage(error) });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename Project"
      description="Enter a new name for your project."
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Rename Project"
      pendingLabel="Renaming..."
    >
      <FormField id={fieldId} label="Project name" labelClassName="sr-only" error={errors.name?.message}>
        {(control) => (
          <Input {...control} placeholder="Project name" autoComplete="off" {...form.register("name")} />
        )}
      </FormField>
    </FormDialog>
  );
}
