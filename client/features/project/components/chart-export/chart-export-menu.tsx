import { FileCode, ImageDown, Printer } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { IconButton } from "@/components/icon-button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useProjectCategories, useProjectContext } from "@/features/project/project-context";
import { useRegisterCommands } from "@/lib/commands/command-registry";
import { errorMessage } from "@/lib/error-message";
import type { ProjectView } from "@/lib/project-views";
import { toast } from "@/lib/use-toast";
import { type ChartKind, ganttPicture, graphPicture, type PlanData } from "./chart-pictures";
import { planSpan } from "./gantt-layout";
import { downloadBlob, svgBlob, svgToPng } from "./picture-files";
import { PrintDialog } from "./print-dialog";
import { type PrintJob, PrintLayout, type PrintView } from "./print-layout";
import type { PrintOptions } from "./print-pages";
import { readPalette } from "./read-palette";

export const EXPORT_TEXTS = {
  menu: "Print and export",
  print: "Print / PDF…",
  png: "Save as PNG",
  svg: "Save as SVG",
  notPrintable: "Open the Gantt chart, the graph or the list to print.",
  noPicture: "Pictures are made of the Gantt chart and the graph.",
  saved: "Picture saved",
  reduced: "It was made smaller to fit what this browser can draw.",
  failed: "Failed to save the picture",
} as const;

/** The picture formats, as the menu and the palette offer them. */
const PICTURE_FORMATS = [
  { format: "png", label: EXPORT_TEXTS.png, icon: ImageDown },
  { format: "svg", label: EXPORT_TEXTS.svg, icon: FileCode },
] as const;

const PRINTABLE: ReadonlySet<ProjectView> = new Set(["gantt", "graph", "list"]);
const PICTURED: ReadonlySet<ProjectView> = new Set(["gantt", "graph"]);

/**
 * The project header's Print and export menu: Print / PDF (the Gantt chart, the graph, the list)
 * and Save as PNG or SVG (the Gantt chart, the graph: the whole plan, in the theme shown). What the
 * view open cannot do is disabled, and the menu says why.
 */
export function ChartExportMenu({ view }: { view: ProjectView }) {
  const { project, tasks, dependencies } = useProjectContext();
  const categories = useProjectCategories();
  const data: PlanData = useMemo(
    () => ({ project, tasks, dependencies, categories }),
    [project, tasks, dependencies, categories],
  );
  const printable = PRINTABLE.has(view);
  const pictured = PICTURED.has(view);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [job, setJob] = useState<PrintJob | null>(null);
  const [saving, setSaving] = useState(false);
  const span = useMemo(() => (dialogOpen ? planSpan(tasks, new Date()) : null), [dialogOpen, tasks]);

  async function save(format: "png" | "svg") {
    if (saving) return;
    const chart = view as ChartKind;
    setSaving(true);
    const started = performance.now();
    try {
      const now = new Date();
      const palette = readPalette();
      const picture = chart === "gantt" ? ganttPicture(data, palette, now) : graphPicture(data, palette, now);
      const fileName = `${picture.fileName}.${format}`;
      let reduced = false;
      if (format === "svg") downloadBlob(svgBlob(picture.svg), fileName);
      else {
        const png = await svgToPng(picture.svg, picture.width, picture.height);
        reduced = png.reduced;
        downloadBlob(png.blob, fileName);
      }
      // For the browser tests and benchmarks: how long the picture took.
      performance.measure(`picture:${fileName}`, { start: started });
      toast({
        title: EXPORT_TEXTS.saved,
        description: reduced ? `${fileName}. ${EXPORT_TEXTS.reduced}` : fileName,
      });
    } catch (error) {
      toast({ variant: "destructive", title: EXPORT_TEXTS.failed, description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  // The palette offers what the menu offers, for the view open (docs/spec/keyboard-and-palette.md).
  useRegisterCommands([
    ...(printable
      ? [
          {
            id: "project.print",
            label: EXPORT_TEXTS.print,
            group: "Project" as const,
            icon: Printer,
            keywords: ["pdf", "paper"],
            run: () => setDialogOpen(true),
          },
        ]
      : []),
    ...(pictured
      ? PICTURE_FORMATS.map(({ format, label, icon }) => ({
          id: `project.save-${format}`,
          label,
          group: "Project" as const,
          icon,
          keywords: ["picture", "image", "export"],
          run: () => void save(format),
        }))
      : []),
  ]);

  const print = (options: PrintOptions) => {
    setDialogOpen(false);
    setJob({ view: view as PrintView, options, madeAt: new Date() });
  };
  // Once the pages are in the document: the browser's print dialog, after the frame is drawn.
  const startPrint = useCallback(() => {
    requestAnimationFrame(() => window.print());
  }, []);
  // The pages stay until the print is over (a print the browser never reports over keeps them,
  // hidden, until the next).
  useEffect(() => {
    if (!job) return undefined;
    const done = () => setJob(null);
    window.addEventListener("afterprint", done);
    return () => window.removeEventListener("afterprint", done);
  }, [job]);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton label={EXPORT_TEXTS.menu} variant="outline" aria-busy={saving || undefined}>
            <Printer aria-hidden />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel>{EXPORT_TEXTS.menu}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={!printable} onSelect={() => setDialogOpen(true)}>
            <Printer aria-hidden />
            {EXPORT_TEXTS.print}
          </DropdownMenuItem>
          {PICTURE_FORMATS.map(({ format, label, icon: Icon }) => (
            <DropdownMenuItem key={format} disabled={!pictured} onSelect={() => void save(format)}>
              <Icon aria-hidden />
              {label}
            </DropdownMenuItem>
          ))}
          {!pictured && (
            <DropdownMenuLabel className="max-w-56 text-xs font-normal text-muted-foreground">
              {printable ? EXPORT_TEXTS.noPicture : EXPORT_TEXTS.notPrintable}
            </DropdownMenuLabel>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {printable && (
        <PrintDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          view={view as PrintView}
          span={span}
          onPrint={print}
        />
      )}
      {job && <PrintLayout key={job.madeAt.getTime()} job={job} data={data} onReady={startPrint} />}
    </>
  );
}
