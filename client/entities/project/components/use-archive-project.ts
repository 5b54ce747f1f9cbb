import { useLocation } from "wouter";
import { useUpdateProject } from "@/entities/project/api/update-project";
import { toast } from "@/lib/use-toast";

/**
 * Archives or unarchives a project, with a toast either way: after archiving the app goes to
 * /projects, where the project now sits in the Archived tab; unarchiving stays put.
 */
export function useArchiveProject() {
  const updateProject = useUpdateProject();
  const [, navigate] = useLocation();

  async function setArchived(projectId: number, archived: boolean): Promise<void> {
    try {
      await updateProject.mutateAsync({ projectId, changes: { archived } });
    } catch (error) {
      console.error("Failed to update project", error);
      toast({ variant: "destructive", title: "Error", description: "Failed to update project status" });
      return;
    }
    toast({
      title: "Success",
      description: archived ? "Project archived successfully" : "Project unarchived successfully",
    });
    if (archived) navigate("/projects");
  }

  return { setArchived, isPending: updateProject.isPending };
}
