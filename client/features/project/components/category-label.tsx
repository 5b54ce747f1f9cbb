import type { CategoryDto } from "@core/schemas/projects";
import { cn } from "@/lib/utils";

/** A task's category as the views show it: a dot of its colour, then its name, cut short if long. */
export function CategoryLabel({
  category,
  dotClassName = "size-2",
}: {
  category: Pick<CategoryDto, "name" | "color">;
  /** The dot's size (and border). */
  dotClassName?: string;
}) {
  return (
    <>
      <span
        aria-hidden
        className={cn("shrink-0 rounded-full", dotClassName)}
        style={{ backgroundColor: category.color }}
      />
      <span className="truncate">{category.name}</span>
    </>
  );
}
