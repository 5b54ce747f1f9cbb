import type { CategoryDto } from "@core/schemas/projects";
import { Pencil, Tag, Trash2 } from "lucide-react";
import { useState } from "react";
import { IconButton } from "@/components/icon-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useCreateCategory } from "@/entities/category/api/create-category";
import { useCategories } from "@/entities/category/api/get-categories";
import { useUpdateCategory } from "@/entities/category/api/update-category";
import { nextPresetColor } from "@/features/project/category-colors";
import { CategoryForm } from "@/features/project/components/category-form";
import { DeleteCategoryDialog } from "@/features/project/components/delete-category-dialog";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type CategoriesDialogProps = {
  projectId: number;
  canEdit: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The Project Categories manager: everyone sees the list; editors create, edit and delete. */
export function CategoriesDialog({ projectId, canEdit, open, onOpenChange }: CategoriesDialogProps) {
  const categories = useCategories(projectId);
  const createCategory = useCreateCategory(projectId);
  const updateCategory = useUpdateCategory(projectId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CategoryDto | null>(null);
  const list = categories.data ?? [];

  async function create(values: { name: string; color: string }) {
    try {
      await createCategory.mutateAsync(values);
      toast({ title: "Category created" });
      return true;
    } catch (error) {
      toast({ variant: "destructive", title: "Error creating category", description: errorMessage(error) });
      return false;
    }
  }

  async function update(categoryId: number, values: { name: string; color: string }) {
    try {
      await updateCategory.mutateAsync({ categoryId, changes: values });
      toast({ title: "Category updated" });
      setEditingId(null);
      return true;
    } catch (error) {
      toast({ variant: "destructive", title: "Error updating category", description: errorMessage(error) });
      return false;
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditingId(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Project Categories</DialogTitle>
          <DialogDescription>
            {canEdit
              ? "Create and edit the categories that colour this project's tasks."
              : "The categories that colour this project's tasks."}
          </DialogDescription>
        </DialogHeader>

        {canEdit && open && (
          <div className="rounded-lg border bg-muted/30 p-3">
            <CategoryForm
              // A new key after each change picks the next unused preset colour.
              key={`new-${list.length}`}
              label="New category"
              defaultValues={{ name: "", color: nextPresetColor(list) }}
              submitLabel="Add Category"
              pendingLabel="Adding..."
              onSubmit={create}
            />
          </div>
        )}

        <section aria-label="Categories" className="grid gap-2">
          {categories.isPending ? (
            <div aria-busy="true" className="grid gap-2">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : categories.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(categories.error)}
            </p>
          ) : list.length === 0 ? (
            <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed px-4 py-6 text-center">
              <Tag className="size-5 text-muted-foreground" aria-hidden />
              <p className="text-sm font-medium">No categories yet</p>
              {canEdit && (
                <p className="text-sm text-muted-foreground">Add one above to colour related tasks.</p>
              )}
            </div>
          ) : (
            <ul className="grid gap-1.5">
              {list.map((category) =>
                editingId === category.id ? (
                  <li key={category.id} className="rounded-lg border p-3">
                    <CategoryForm
                      label={`Edit ${category.name}`}
                      defaultValues={{ name: category.name, color: category.color }}
                      submitLabel="Save"
                      pendingLabel="Saving..."
                      onSubmit={(values) => update(category.id, values)}
                      onCancel={() => setEditingId(null)}
                    />
                  </li>
                ) : (
                  <li key={category.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
                    <span
                      aria-hidden
                      className="size-4 shrink-0 rounded border border-foreground/15"
                      style={{ backgroundColor: category.color }}
                    />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">{category.name}</span>
                    <span className="font-mono text-xs text-muted-foreground uppercase">
                      {category.color}
                    </span>
                    {canEdit && (
                      <span className="flex gap-0.5">
                        <IconButton
                          label={`Edit ${category.name}`}
                          tooltip="Edit category"
                          size="icon-sm"
                          onClick={() => setEditingId(category.id)}
                        >
                          <Pencil aria-hidden />
                        </IconButton>
                        <IconButton
                          label={`Delete ${category.name}`}
                          tooltip="Delete category"
                          size="icon-sm"
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                          onClick={() => setDeleting(category)}
                        >
                          <Trash2 aria-hidden />
                        </IconButton>
                      </span>
                    )}
                  </li>
                ),
              )}
            </ul>
          )}
        </section>
      </DialogContent>
      <DeleteCategoryDialog projectId={projectId} category={deleting} onDone={() => setDeleting(null)} />
    </Dialog>
  );
}
