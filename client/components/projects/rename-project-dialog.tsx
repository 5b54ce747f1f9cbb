import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { decideRename } from "@/components/projects/rename-decision";
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
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useUpdateProject } from "@/lib/api/projects/update-project";
import { errorMessage } from "@/lib/error-message";

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
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Rename Project</DialogTitle>
            <DialogDescription>Enter a new name for your project.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fieldId} className="sr-only">
              Project name
            </Label>
            <Input
              id={fieldId}
              placeholder="Project name"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${fieldId}-error` : undefined}
              {...form.register("name")}
            />
            <FormMessage id={`${fieldId}-error`}>{errors.name?.message}</FormMessage>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Renaming..." : "Rename Project"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
