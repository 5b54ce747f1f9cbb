// The Gantt chart as an SVG document: the task column, the timeline's header and grid, the bars,
// milestones, summary brackets, float tails, arrows and the today and status-date lines, coloured
// as the view draws them in the theme shown. One builder for the whole-plan picture and for each
// printed page (a part of the rows and of the timeline, `frame`). Strings joined once: linear in
// the rows drawn, no DOM.
import { type ExportPalette, mix, safeColor } from "./export-palette";
import type { GanttLayout, GanttLayoutBar } from "./gantt-layout";
import { headerSvg, PICTURE_HEADER_HEIGHT, type PictureHeader } from "./picture-header";
import { arrowGroup, num, SVG_FONT, textWidth, xmlEscape } from "./svg-text";

/** The part of the chart drawn: rows [rowFrom, rowTo) and timeline pixels [x0, x1). */
export type GanttFrame = { rowFrom: number; rowTo: number; x0: number; x1: number };

export type GanttSvgOptions = {
  palette: ExportPalette;
  header: PictureHeader | null;
  /** The task column's width. */
  nameWidth: number;
  /** The whole chart when absent. */
  frame?: GanttFrame;
  /** Prefix of the ids in the document (several pages share one HTML document). */
  idPrefix?: string;
};

/** The timeline header's height: the upper tier (year or month) and the columns. */
export const TIMELINE_HEADER_HEIGHT = 40;
const TIER = 18;

/** The size of the document `ganttSvg` writes for a frame. */
export function ganttSvgSize(layout: GanttLayout, nameWidth: number, frame: GanttFrame, withHeader: boolean) {
  const rows = layout.rows.slice(frame.rowFrom, frame.rowTo);
  const rowsHeight = rows.reduce((total, row) => total + row.height, 0);
  return {
    width: nameWidth + (frame.x1 - frame.x0),
    height: (withHeader ? PICTURE_HEADER_HEIGHT : 0) + TIMELINE_HEADER_HEIGHT + rowsHeight,
  };
}

/**
 * The chart (or a frame of it) as an SVG document: one `<g data-task>` per task row drawn, names
 * as text (so a PDF of it holds them), everything else as shapes.
 * @example ganttSvg(ganttLayout(input), { palette: LIGHT_PALETTE, header, nameWidth: 240 })
 */
export function ganttSvg(layout: GanttLayout, options: GanttSvgOptions): string {
  const { palette, header, nameWidth } = options;
  const frame = options.frame ?? { rowFrom: 0, rowTo: layout.rows.length, x0: 0, x1: layout.width };
  const id = options.idPrefix ?? "gantt";
  const size = ganttSvgSize(layout, nameWidth, frame, header !== null);
  const viewWidth = frame.x1 - frame.x0;
  const top0 = header ? PICTURE_HEADER_HEIGHT : 0;
  const chartTop = top0 + TIMELINE_HEADER_HEIGHT;
  const rows = layout.rows.slice(frame.rowFrom, frame.rowTo);
  const rowsTop = rows.length > 0 ? rows[0].top : 0;
  const rowsHeight = size.height - chartTop;
  const inX = (left: number, right: number) => right > frame.x0 && left < frame.x1;
  const out: string[] = [];

  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(size.width)}" height="${num(size.height)}" viewBox="0 0 ${num(size.width)} ${num(size.height)}" font-family="${SVG_FONT}" role="img" aria-label="${xmlEscape(`Gantt chart${header ? ` of ${header.projectName}` : ""}`)}">`,
    `<defs><pattern id="${id}-hatch" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="7" fill="${mix(palette.mutedForeground, 0.25, palette.card)}"/></pattern>`,
    `<marker id="${id}-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L8 4L0 8z" fill="${palette.mutedForeground}"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="${palette.card}"/>`,
  );
  if (header) out.push(headerSvg(header, size.width, palette));

  // The timeline's header, over the frame's columns.
  out.push(
    `<g data-timeline-header="">`,
    `<text x="12" y="${num(top0 + TIMELINE_HEADER_HEIGHT - 12)}" font-size="12" font-weight="600" fill="${palette.foreground}">Tasks (${layout.taskCount})</text>`,
    `<svg x="${num(nameWidth)}" y="${num(top0)}" width="${num(viewWidth)}" height="${TIMELINE_HEADER_HEIGHT}" viewBox="${num(frame.x0)} 0 ${num(viewWidth)} ${TIMELINE_HEADER_HEIGHT}">`,
  );
  const columnTop = layout.groups.length > 0 ? TIER : 0;
  for (const group of layout.groups) {
    if (!inX(group.x, group.x + group.width)) continue;
    // The label stays on the page when its group began on an earlier one.
    const labelX = Math.max(group.x, frame.x0) + 6;
    out.push(
      `<line x1="${num(group.x)}" x2="${num(group.x)}" y1="0" y2="${TIER}" stroke="${palette.border}"/>`,
      `<text x="${num(labelX)}" y="13" font-size="11" font-weight="500" fill="${palette.mutedForeground}">${xmlEscape(group.label)}</text>`,
    );
  }
  for (const column of layout.columns) {
    if (!inX(column.x, column.x + column.width)) continue;
    if (column.offDay) {
      out.push(
        `<rect x="${num(column.x)}" y="${columnTop}" width="${num(column.width)}" height="${TIMELINE_HEADER_HEIGHT - columnTop}" fill="${palette.muted}"/>`,
      );
    }
    out.push(
      `<line x1="${num(column.x)}" x2="${num(column.x)}" y1="${columnTop}" y2="${TIMELINE_HEADER_HEIGHT}" stroke="${palette.border}"/>`,
    );
    if (column.width >= 18) {
      out.push(
        `<text x="${num(column.x + column.width / 2)}" y="${num((columnTop + TIMELINE_HEADER_HEIGHT) / 2 + 4)}" font-size="11" text-anchor="middle" fill="${palette.mutedForeground}">${xmlEscape(column.label)}</text>`,
      );
    }
  }
  if (layout.groups.length > 0) {
    out.push(
      `<line x1="${num(frame.x0)}" x2="${num(frame.x1)}" y1="${TIER - 0.5}" y2="${TIER - 0.5}" stroke="${palette.border}"/>`,
    );
  }
  out.push(
    "</svg>",
    `<line x1="0" x2="${num(size.width)}" y1="${num(chartTop - 0.5)}" y2="${num(chartTop - 0.5)}" stroke="${palette.border}"/>`,
    "</g>",
  );

  // The task column: each row's name, indented by its level, cut at the column's edge.
  out.push(
    `<svg x="0" y="${num(chartTop)}" width="${num(nameWidth - 1)}" height="${num(rowsHeight)}" viewBox="0 ${num(rowsTop)} ${num(nameWidth - 1)} ${num(rowsHeight)}" data-task-names="">`,
  );
  for (const row of rows) {
    const y = num(row.top + row.height / 2 + 4);
    if (row.kind === "group") {
      const color = safeColor(row.color) ?? palette.mutedForeground;
      out.push(
        `<rect x="0" y="${num(row.top)}" width="${num(nameWidth)}" height="${num(row.height)}" fill="${palette.muted}"/>`,
        `<circle cx="14" cy="${num(row.top + row.height / 2)}" r="4" fill="${color}"/>`,
        `<text x="24" y="${y}" font-size="12" font-weight="600" fill="${palette.foreground}">${xmlEscape(row.label)}</text>`,
      );
      continue;
    }
    const indent = 12 + (row.level - 1) * 14;
    const wbs = row.wbs
      ? `<tspan fill="${palette.mutedForeground}" font-weight="500">${xmlEscape(row.wbs)} </tspan>`
      : "";
    out.push(
      `<text data-task="${row.taskId}" x="${indent}" y="${y}" font-size="12"${row.summary ? ' font-weight="600"' : ""} fill="${palette.foreground}">${wbs}${xmlEscape(row.name)}</text>`,
    );
  }
  out.push(
    "</svg>",
    `<line x1="${num(nameWidth - 0.5)}" x2="${num(nameWidth - 0.5)}" y1="${num(top0)}" y2="${num(size.height)}" stroke="${palette.border}"/>`,
  );

  // The chart: a window onto the frame's rows and timeline, which cuts what crosses its edges.
  out.push(
    `<svg x="${num(nameWidth)}" y="${num(chartTop)}" width="${num(viewWidth)}" height="${num(rowsHeight)}" viewBox="${num(frame.x0)} ${num(rowsTop)} ${num(viewWidth)} ${num(rowsHeight)}" data-chart="">`,
  );
  for (const row of rows) {
    if (row.kind === "group") {
      out.push(
        `<rect x="${num(frame.x0)}" y="${num(row.top)}" width="${num(viewWidth)}" height="${num(row.height)}" fill="${palette.muted}" opacity="0.6"/>`,
      );
    }
    out.push(
      `<line x1="${num(frame.x0)}" x2="${num(frame.x1)}" y1="${num(row.top + row.height - 0.5)}" y2="${num(row.top + row.height - 0.5)}" stroke="${palette.border}" opacity="0.7"/>`,
    );
  }
  for (const column of layout.columns) {
    if (!inX(column.x, column.x + column.width)) continue;
    if (column.offDay) {
      out.push(
        `<rect x="${num(column.x)}" y="${num(rowsTop)}" width="${num(column.width)}" height="${num(rowsHeight)}" fill="${palette.muted}" opacity="0.7"/>`,
      );
    }
    out.push(
      `<line x1="${num(column.x)}" x2="${num(column.x)}" y1="${num(rowsTop)}" y2="${num(rowsTop + rowsHeight)}" stroke="${palette.border}" opacity="0.7"/>`,
    );
  }
  if (layout.todayX !== null && inX(layout.todayX - 1, layout.todayX + 1)) {
    out.push(
      `<line data-today="" x1="${num(layout.todayX)}" x2="${num(layout.todayX)}" y1="${num(rowsTop)}" y2="${num(rowsTop + rowsHeight)}" stroke="${palette.primary}" stroke-width="2" opacity="0.8"/>`,
    );
  }
  if (layout.statusX !== null && inX(layout.statusX - 1, layout.statusX + 1)) {
    out.push(
      `<line data-status-date="" x1="${num(layout.statusX)}" x2="${num(layout.statusX)}" y1="${num(rowsTop)}" y2="${num(rowsTop + rowsHeight)}" stroke="${palette.foreground}" stroke-width="1.5" stroke-dasharray="4 3" opacity="0.7"/>`,
    );
  }

  // Arrows meeting the frame's rows, under the bars.
  const rowFrom = frame.rowFrom;
  const rowTo = frame.rowTo - 1;
  const arrowPaths: string[] = [];
  for (const arrow of layout.arrows) {
    if (Math.max(arrow.fromRow, arrow.toRow) < rowFrom || Math.min(arrow.fromRow, arrow.toRow) > rowTo)
      continue;
    if (!inX(arrow.left, arrow.right)) continue;
    arrowPaths.push(`<path d="${arrow.d}"/>`);
  }
  out.push(...arrowGroup(arrowPaths, palette.mutedForeground, 1.5, `${id}-arrow`));

  for (const bar of layout.bars) {
    if (bar.row < frame.rowFrom || bar.row >= frame.rowTo) continue;
    const row = layout.rows[bar.row];
    const labelEnd = bar.left + bar.width + bar.floatWidth + 8 + textWidth(bar.name, 12);
    if (!inX(bar.left - 12, labelEnd)) continue;
    out.push(barSvg(bar, row.top, row.height, palette, id));
  }
  out.push("</svg>", "</svg>");
  return out.join("");
}

/** A bar's height in a row: 28 px in a 48 px row, as on screen; in proportion in a smaller one. */
const barHeight = (rowHeight: number) => Math.round(rowHeight * 0.58);

function barSvg(
  bar: GanttLayoutBar,
  rowTop: number,
  rowHeight: number,
  palette: ExportPalette,
  id: string,
): string {
  const height = barHeight(rowHeight);
  const y = rowTop + (rowHeight - height) / 2;
  const middle = rowTop + rowHeight / 2;
  const fontSize = rowHeight >= 40 ? 12 : 10;
  const color = safeColor(bar.color);
  const parts: string[] = [`<g data-task="${bar.taskId}"${bar.completed ? ' opacity="0.6"' : ""}>`];
  const nameBeside = (x: number, weight = "500") =>
    `<text x="${num(x)}" y="${num(middle + fontSize / 3)}" font-size="${fontSize}" font-weight="${weight}" fill="${palette.mutedForeground}" stroke="${palette.card}" stroke-width="3" stroke-opacity="0.9" paint-order="stroke">${xmlEscape(bar.name)}</text>`;

  if (bar.shape === "summary") {
    const band = Math.max(3, Math.round(height * 0.22));
    const tick = Math.max(4, Math.round(height * 0.5));
    const right = bar.left + bar.width;
    const top = middle - tick / 2;
    parts.push(
      `<rect x="${num(bar.left)}" y="${num(top)}" width="${num(bar.width)}" height="${band}" fill="${palette.foreground}" opacity="0.45"/>`,
    );
    if (bar.progress > 0) {
      parts.push(
        `<rect x="${num(bar.left)}" y="${num(top)}" width="${num((bar.width * bar.progress) / 100)}" height="${band}" fill="${palette.foreground}"/>`,
      );
    }
    parts.push(
      `<path d="M${num(bar.left)} ${num(top)}h6v${num(tick * 0.45)}L${num(bar.left)} ${num(top + tick)}z M${num(right)} ${num(top)}h-6v${num(tick * 0.45)}L${num(right)} ${num(top + tick)}z" fill="${palette.foreground}"/>`,
      nameBeside(right + 8, "600"),
      "</g>",
    );
    return parts.join("");
  }

  if (bar.shape === "milestone") {
    const center = bar.left + bar.width;
    const half = Math.min(8, height / 2);
    const fill = bar.late ? palette.destructive : (color ?? palette.primary);
    parts.push(
      `<path d="M${num(center)} ${num(middle - half)}L${num(center + half)} ${num(middle)}L${num(center)} ${num(middle + half)}L${num(center - half)} ${num(middle)}z" fill="${fill}" stroke="${palette.card}" stroke-width="2"/>`,
      nameBeside(center + half + 6),
      "</g>",
    );
    return parts.join("");
  }

  // As gantt-bar.tsx: the bar's colour mixed into the page's background by the theme's shares.
  const { background, barTints: tints } = palette;
  const fill = bar.late
    ? mix(palette.destructive, tints.late, background)
    : color
      ? mix(color, tints.category, background)
      : mix(palette.primary, tints.plain, background);
  const stroke = bar.late ? palette.destructive : (color ?? mix(palette.primary, 0.7, background));
  const done = bar.late
    ? mix(palette.destructive, tints.lateProgress, background)
    : color
      ? mix(color, tints.categoryProgress, background)
      : mix(palette.primary, tints.plainProgress, background);
  const unscheduled = bar.kind === "unscheduled";
  const box = `x="${num(bar.left)}" y="${num(y)}" width="${num(bar.width)}" height="${height}" rx="4"`;
  parts.push(`<rect ${box} fill="${fill}"/>`);
  if (bar.progress > 0 && !unscheduled) {
    parts.push(
      `<rect x="${num(bar.left)}" y="${num(y)}" width="${num((bar.width * bar.progress) / 100)}" height="${height}" rx="4" fill="${done}"/>`,
    );
  }
  if (unscheduled) parts.push(`<rect ${box} fill="url(#${id}-hatch)"/>`);
  parts.push(`<rect ${box} fill="none" stroke="${stroke}"${unscheduled ? ' stroke-dasharray="4 3"' : ""}/>`);
  if (bar.floatWidth > 0) {
    parts.push(
      `<rect x="${num(bar.left + bar.width)}" y="${num(y + height - 2)}" width="${num(bar.floatWidth)}" height="2" fill="${palette.mutedForeground}" opacity="0.5"/>`,
    );
  }
  // Inside when the whole name fits, beside the bar otherwise, as on screen.
  if (bar.width >= textWidth(bar.name, fontSize) + 16) {
    parts.push(
      `<text x="${num(bar.left + 8)}" y="${num(middle + fontSize / 3)}" font-size="${fontSize}" font-weight="500" fill="${palette.foreground}">${xmlEscape(bar.name)}</text>`,
    );
  } else {
    parts.push(nameBeside(bar.left + bar.width + 6));
  }
  parts.push("</g>");
  return parts.join("");
}
