import { createProjectSchema, type ProjectDto } from "@core/schemas/projects";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
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
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useSaveProjectDetails } from "@/lib/api/projects/update-project";
import { errorMessage } from "@/lib/error-message";

type DetailsValues = z.input<typeof createProjectSchema>;
type ProjectDetailsDialogProps = {
  project: Pick<ProjectDto, "id" | "name" | "description">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Edit Details: the project's name and description in one form, saved with PUT /api/projects/{id}
 * (spec section 7) and answered with the spec's 'Project updated successfully' or
 * 'Failed to update project: {message}'.
 */
export function ProjectDetailsDialog({ project, open, onOpenChange }: ProjectDetailsDialogProps) {
  const saveDetails = useSaveProjectDetails();
  const form = useForm<DetailsValues, unknown, z.output<typeof createProjectSchema>>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: { name: project.name, description: project.description ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const nameId = useId();
  const descriptionId = useId();

  // Each opening starts from what is saved, not from what was typed last time.
  useEffect(() => {
    if (open) form.reset({ name: project.name, description: project.description ?? "" });
  }, [open, project.name, project.description, form]);

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
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Project Details</DialogTitle>
            <DialogDescription>The name and description everyone on the project sees.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Name</Label>
            <Input
              id={nameId}
              placeholder="Project name"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${nameId}-error` : undefined}
              {...form.register("name")}
            />
            <FormMessage id={`${nameId}-error`}>{errors.name?.message}</FormMessage>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>Description</Label>
            <Textarea
              id={descriptionId}
              placeholder="What is this project about? (optional)"
              rows={4}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
              {...form.register("description")}
            />
            <FormMessage id={`${descriptionId}-error`}>{errors.description?.message}</FormMessage>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving..." : "Save Details"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
