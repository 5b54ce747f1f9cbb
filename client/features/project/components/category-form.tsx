import { type CategoryInput, categorySchema, PRESET_CATEGORY_COLORS } from "@core/schemas/projects";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField, fieldControlProps, fieldErrorId } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { sameColor } from "@/features/project/category-colors";
import { cn } from "@/lib/utils";

type CategoryFormProps = {
  defaultValues: CategoryInput;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves true when saved; the form then starts over (a create form) or goes away (an edit form). */
  onSubmit: (values: z.output<typeof categorySchema>) => Promise<boolean>;
  onCancel?: () => void;
  /** Names the fields for assistive technology: "New category" or "Edit Design". */
  label: string;
};

/** Name (1 to 50 characters) and colour (# and 6 hex digits), checked with the server's schema. */
export function CategoryForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  label,
}: CategoryFormProps) {
  const form = useForm<CategoryInput, unknown, z.output<typeof categorySchema>>({
    resolver: zodResolver(categorySchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const color = form.watch("color");
  const id = useId();

  const submit = form.handleSubmit(async (values) => {
    if ((await onSubmit(values)) && !onCancel) form.reset({ name: "", color: defaultValues.color });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-3">
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message} className="grid gap-1.5">
        {(control) => (
          <Input {...control} placeholder="Category name" autoComplete="off" {...form.register("name")} />
        )}
      </FormField>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Color</legend>
        <div className="flex flex-wrap gap-1.5">
          {PRESET_CATEGORY_COLORS.map((preset) => {
            const selected = sameColor(color ?? "", preset);
            return (
              <button
                key={preset}
                type="button"
                aria-label={`Color ${preset}`}
                aria-pressed={selected}
                title={preset}
                onClick={() => form.setValue("color", preset, { shouldValidate: true, shouldDirty: true })}
                className={cn(
                  "flex size-7 items-center justify-center rounded-md border border-foreground/15 outline-none transition-transform",
                  "hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  selected && "ring-2 ring-foreground ring-offset-2",
                )}
                style={{ backgroundColor: preset }}
              >
                {selected && <Check className="size-4 text-black/70" aria-hidden />}
              </button>
            );
          })}
        </div>
        <div className="mt-1 flex items-center gap-2">
          <span
            aria-hidden
            className="size-9 shrink-0 rounded-md border"
            style={{
              backgroundColor: categorySchema.shape.color.safeParse(color).success ? color : "transparent",
            }}
          />
          <Label htmlFor={`${id}-color`} className="sr-only">
            Hex color
          </Label>
          <Input
            {...fieldControlProps(`${id}-color`, { error: errors.color?.message })}
            placeholder="#RRGGBB"
            autoComplete="off"
            spellCheck={false}
            className="w-32 font-mono uppercase"
            {...form.register("color")}
          />
        </div>
        <FormMessage id={fieldErrorId(`${id}-color`)}>{errors.color?.message}</FormMessage>
      </fieldset>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
