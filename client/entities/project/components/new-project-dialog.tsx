import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { ImportDialog } from "@/entities/import-export/components/import-dialog";
import { useCreateProject } from "@/entities/project/api/create-project";
import { ProjectFields, useProjectForm } from "@/entities/project/components/project-fields";
import { errorMessage } from "@/lib/error-message";
import { useOpenProject } from "@/lib/open-project";
import { toast } from "@/lib/use-toast";

type NewProjectDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const EMPTY = { name: "", description: "" };

/**
 * The New Project form (name, description), validated with the schema the server parses. A new
 * project opens at once in its graph view.
 */
export function NewProjectDialog({ open, onOpenChange }: NewProjectDialogProps) {
  const createProject = useCreateProject();
  const openProject = useOpenProject();
  const form = useProjectForm(EMPTY, open);
  const { isSubmitting } = form.formState;
  const [importing, setImporting] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const project = await createProject.mutateAsync(values);
      toast({ title: "Success", description: "Project created successfully" });
      onOpenChange(false);
      openProject(project);
    } catch (error) {
      console.error("Failed to create project", error);
      toast({
        variant: "destructive",
        title: "Error",
        description: `Failed to create project: ${errorMessage(error)}`,
      });
    }
  });

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="New Project"
        description="Give your project a name; a description is optional."
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Create Project"
        pendingLabel="Creating..."
      >
        <ProjectFields form={form} descriptionRows={3} />
        <p className="text-sm text-muted-foreground">
          Have a plan elsewhere?{" "}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              onOpenChange(false);
              setImporting(true);
            }}
          >
            Import it from a file
          </button>
        </p>
      </FormDialog>
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
