import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDeleteCategory } from "@/features/project/api/delete-category";
import { errorMessage } from "@/lib/error-message";
import type { CategoryDto } from "../../../../core/schemas/projects";

type DeleteCategoryDialogProps = {
  projectId: number;
  /** The category to delete; the dialog is open while one is given. */
  category: CategoryDto | null;
  onDone: () => void;
};

export function DeleteCategoryDialog({ projectId, category, onDone }: DeleteCategoryDialogProps) {
  const deleteCategory = useDeleteCategory(projectId);
  const deleting = deleteCategory.isPending;

  async function confirm() {
    if (!category) return;
    try {
      await deleteCategory.mutateAsync(category.id);
      toast({ title: "Category deleted" });
      onDone();
    } catch (error) {
      toast({ variant: "destructive", title: "Error deleting category", description: errorMessage(error) });
    }
  }

  return (
    <AlertDialog open={category !== null} onOpenChange={(open) => !open && !deleting && onDone()}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Category</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this category? This will remove the category from all tasks that
            use it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={deleting}
            onClick={confirm}
          >
            {deleting ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
