import type { CategoryDto } from "@core/schemas/projects";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteCategory } from "@/entities/category/api/delete-category";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

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
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(open) => !open && onDone()}
      title="Delete Category"
      description="Are you sure you want to delete this category? This will remove the category from all tasks that use it."
      action="Delete"
      busyAction="Deleting..."
      busy={deleting}
      onConfirm={confirm}
    />
  );
}
