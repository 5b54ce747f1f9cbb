import type { ProjectDto } from "@core/schemas/projects";
import { FormDialog } from "@/components/ui/form-dialog";
import { useSaveProjectDetails } from "@/entities/project/api/update-project";
import { ProjectFields, useProjectForm } from "@/entities/project/components/project-fields";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type ProjectDetailsDialogProps = {
  project: Pick<ProjectDto, "id" | "name" | "description">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Edit Details: the project's name and description in one form, saved with PUT /api/projects/{id}
 * and answered with 'Project updated successfully' or 'Failed to update project: {message}'
 * (docs/decisions/019-landing-page-messages-and-viewers-attempts.md).
 */
export function ProjectDetailsDialog({ project, open, onOpenChange }: ProjectDetailsDialogProps) {
  const saveDetails = useSaveProjectDetails();
  // Each opening starts from what is saved, not from what was typed last time.
  const form = useProjectForm({ name: project.name, description: project.description ?? "" }, open);
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveDetails.mutateAsync({
        projectId: project.id,
        changes: { name: values.name, description: values.description },
      });
      toast({ title: "Success", description: "Project updated successfully" });
      onOpenChange(false);
    } catch (error) {
      console.error("Failed to update project", error);
      toast({
        variant: "destructive",
        title: "Error",
        description: `Failed to update project: ${errorMessage(error)}`,
      });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Project Details"
      description="The name and description everyone on the project sees."
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Save Details"
      pendingLabel="Saving..."
    >
      <ProjectFields form={form} descriptionRows={4} />
    </FormDialog>
  );
}
