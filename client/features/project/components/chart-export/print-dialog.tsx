import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogShell } from "@/components/ui/dialog";
import { CancelAndAction } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { PrintView } from "./print-layout";
import type { PrintOptions } from "./print-pages";
import { PAPER_SIZES } from "./print-tiling";

export const PRINT_TEXTS = {
  title: "Print / PDF",
  description: {
    gantt: "The chart is split across pages; each page repeats the task names.",
    graph: "Fit the whole graph on one page, or print it at full size across pages.",
    list: "The list prints as a table; each page repeats its header.",
  },
  paper: "Paper size",
  orientation: "Orientation",
  from: "From",
  to: "To",
  graphMode: "Layout",
  fit: "Fit to one page",
  tile: "Tile across pages",
  noFrom: "Choose the first day to print.",
  noTo: "Choose the last day to print.",
  toBeforeFrom: "The last day must not be before the first.",
  print: "Print",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const printSchema = z
  .object({
    paper: z.enum(PAPER_SIZES),
    orientation: z.enum(["portrait", "landscape"]),
    graphMode: z.enum(["fit", "tile"]),
    /** Checked only for the Gantt chart. */
    from: z.string(),
    to: z.string(),
    view: z.enum(["gantt", "graph", "list"]),
  })
  .superRefine((values, context) => {
    if (values.view !== "gantt") return;
    if (!DAY.test(values.from))
      context.addIssue({ code: "custom", path: ["from"], message: PRINT_TEXTS.noFrom });
    if (!DAY.test(values.to)) context.addIssue({ code: "custom", path: ["to"], message: PRINT_TEXTS.noTo });
    else if (DAY.test(values.from) && values.to < values.from) {
      context.addIssue({ code: "custom", path: ["to"], message: PRINT_TEXTS.toBeforeFrom });
    }
  });
type PrintValues = z.infer<typeof printSchema>;

const localDay = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
};

type PrintDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: PrintView;
  /** The plan's span, the Gantt chart's dates by default; null without tasks. */
  span: { start: Date; end: Date } | null;
  onPrint: (options: PrintOptions) => void;
};

/**
 * Print / PDF: the paper size and orientation, and for the Gantt chart the dates shown (the plan's
 * by default), for the graph one page or tiles. Printing hands the choices on; the browser's print
 * dialog, where a PDF can be saved, follows.
 */
export function PrintDialog({ open, onOpenChange, view, span, onPrint }: PrintDialogProps) {
  const id = useId();
  const form = useForm<PrintValues>({ resolver: zodResolver(printSchema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    const today = new Date();
    form.reset({
      paper: "A4",
      orientation: "landscape",
      graphMode: "fit",
      from: format(span?.start ?? today, "yyyy-MM-dd"),
      // The span ends at the midnight after its last day.
      to: format(span ? new Date(span.end.getTime() - 1) : today, "yyyy-MM-dd"),
      view,
    });
  }, [open, span, view, form]);

  const onSubmit = form.handleSubmit((values) => {
    onPrint({
      paper: values.paper,
      orientation: values.orientation,
      graphMode: values.graphMode,
      range: values.view === "gantt" ? { start: localDay(values.from), end: localDay(values.to) } : undefined,
    });
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-md"
      title={PRINT_TEXTS.title}
      description={PRINT_TEXTS.description[view]}
      onSubmit={onSubmit}
      footer={<CancelAndAction label={PRINT_TEXTS.print} pendingLabel={PRINT_TEXTS.print} pending={false} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-paper`} label={PRINT_TEXTS.paper}>
          {(control) => (
            <NativeSelect {...control} {...form.register("paper")}>
              {PAPER_SIZES.map((paper) => (
                <option key={paper} value={paper}>
                  {paper}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-orientation`} label={PRINT_TEXTS.orientation}>
          {(control) => (
            <NativeSelect {...control} {...form.register("orientation")}>
              <option value="landscape">Landscape</option>
              <option value="portrait">Portrait</option>
            </NativeSelect>
          )}
        </FormField>
        {view === "gantt" && (
          <>
            <FormField id={`${id}-from`} label={PRINT_TEXTS.from} error={errors.from?.message}>
              {(control) => <Input type="date" {...control} {...form.register("from")} />}
            </FormField>
            <FormField id={`${id}-to`} label={PRINT_TEXTS.to} error={errors.to?.message}>
              {(control) => <Input type="date" {...control} {...form.register("to")} />}
            </FormField>
          </>
        )}
        {view === "graph" && (
          <FormField id={`${id}-mode`} label={PRINT_TEXTS.graphMode} className="grid gap-2 sm:col-span-2">
            {(control) => (
              <NativeSelect {...control} {...form.register("graphMode")}>
                <option value="fit">{PRINT_TEXTS.fit}</option>
                <option value="tile">{PRINT_TEXTS.tile}</option>
              </NativeSelect>
            )}
          </FormField>
        )}
      </div>
    </DialogShell>
  );
}
