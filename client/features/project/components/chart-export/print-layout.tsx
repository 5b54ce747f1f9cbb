import { useLayoutEffect, useMemo } from "react";
import { createPortal } from "react-dom";
import type { PlanData } from "./chart-pictures";
import { pictureHeader } from "./chart-pictures";
import { LIGHT_PALETTE } from "./export-palette";
import { PrintList } from "./print-list";
import { ganttPages, graphPages, type PrintOptions } from "./print-pages";
import { pageRule } from "./print-tiling";
import "./print.css";

export type PrintView = "gantt" | "graph" | "list";

export type PrintJob = { view: PrintView; options: PrintOptions; madeAt: Date };

/** The list's page numbers, in the page's margin where the browser supports it; light, as paper is. */
const LIST_PAGE_NUMBERS = `@page { @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9pt system-ui, sans-serif; color: ${LIGHT_PALETTE.mutedForeground}; } }`;

/**
 * What a print puts on paper, in a layer of its own under <body> that only print shows
 * (print.css): the pages of the Gantt chart or the graph, or the list's table, and the @page rule
 * for the paper chosen. Calls `onReady` once it is in the document, for the print to start.
 */
export function PrintLayout({ job, data, onReady }: { job: PrintJob; data: PlanData; onReady: () => void }) {
  const pages = useMemo(
    () =>
      job.view === "gantt"
        ? ganttPages(data, job.options, job.madeAt)
        : job.view === "graph"
          ? graphPages(data, job.options, job.madeAt)
          : null,
    [job, data],
  );
  useLayoutEffect(() => {
    onReady();
  }, [onReady]);
  const rules =
    pageRule(job.options.paper, job.options.orientation) + (job.view === "list" ? LIST_PAGE_NUMBERS : "");
  return createPortal(
    <div className="print-root" data-print-view={job.view} data-print-pages={pages?.length ?? undefined}>
      <style>{rules}</style>
      {pages ? (
        pages.map((svg, index) => (
          <div
            // The pages are made once per print and never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: a page is its place in the print.
            key={index}
            className="print-page"
            // The page's SVG is written by gantt-svg.ts or graph-svg.ts, every text in it escaped.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a document built from escaped strings.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        ))
      ) : (
        <PrintList data={data} header={pictureHeader(data.project, "Printed", job.madeAt)} />
      )}
    </div>,
    document.body,
  );
}
