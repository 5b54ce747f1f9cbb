import { useLocation } from "wouter";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteProject } from "@/entities/project/api/delete-project";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type DeleteProjectDialogProps = {
  project: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where to go once the project is gone: My Tasks by default; the All Projects page stays where it
   * is, since the list it shows is what the user is tidying up.
   */
  navigateTo?: string | null;
};

/** The 'Delete Project' confirmation; the project goes with all its tasks and dependencies. */
export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  navigateTo = "/my-tasks",
}: DeleteProjectDialogProps) {
  const deleteProject = useDeleteProject();
  const [, navigate] = useLocation();
  const deleting = deleteProject.isPending;

  async function confirm() {
    try {
      await deleteProject.mutateAsync(project.id);
    } catch (error) {
      console.error("Failed to delete project", error);
      // 'Error / Failed to delete project: {message}' also holds the plain 'Failed to delete project'
      // (docs/decisions/019-landing-page-messages-and-viewers-attempts.md).
      toast({
        variant: "destructive",
        title: "Error",
        description: `Failed to delete project: ${errorMessage(error)}`,
      });
      return;
    }
    onOpenChange(false);
    toast({ title: "Success", description: "Project deleted successfully" });
    if (navigateTo) navigate(navigateTo);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description={
        <>
          Are you sure you want to delete{" "}
          <span className="font-medium text-foreground">"{project.name}"</span>? This will permanently delete
          the project and all its tasks and dependencies. This action cannot be undone.
        </>
      }
      action="Delete Project"
      busyAction="Deleting..."
      busy={deleting}
      onConfirm={confirm}
    />
  );
}
