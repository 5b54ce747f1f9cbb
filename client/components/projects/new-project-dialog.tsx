import { createProjectSchema } from "@core/schemas/projects";
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
import { useCreateProject } from "@/lib/api/projects/create-project";
import { errorMessage } from "@/lib/error-message";
import { useOpenProject } from "@/lib/open-project";

type NewProjectValues = z.input<typeof createProjectSchema>;
type NewProjectDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The New Project form (name, description), validated with the schema the server parses. A new
 * project opens at once in its graph view (spec section 4).
 */
export function NewProjectDialog({ open, onOpenChange }: NewProjectDialogProps) {
  const createProject = useCreateProject();
  const openProject = useOpenProject();
  const form = useForm<NewProjectValues, unknown, z.output<typeof createProjectSchema>>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: { name: "", description: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const nameId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (open) form.reset({ name: "", description: "" });
  }, [open, form]);

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
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>New Project</DialogTitle>
            <DialogDescription>Give your project a name; a description is optional.</DialogDescription>
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
              rows={3}
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
              {isSubmitting ? "Creating..." : "Create Project"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
