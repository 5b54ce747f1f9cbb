// The header every picture and printed page carries: the project's name, the date it was printed
// or exported, and the status date progress is judged at.
import { format } from "date-fns";
import type { ExportPalette } from "./export-palette";
import { num, SVG_FONT, xmlEscape } from "./svg-text";

export type PictureHeader = {
  projectName: string;
  /** When the picture was made. */
  madeAt: Date;
  /** "Printed" on paper, "Exported" in a picture file. */
  verb: "Printed" | "Exported";
  /** "YYYY-MM-DD": the project's status date, or today's. */
  statusDay: string;
  /** Whether the project has a status date of its own (else it is today's). */
  statusDateSet: boolean;
  /** "Page 2 of 6" on paper. */
  page?: string;
};

/** The header's height in pixels. */
export const PICTURE_HEADER_HEIGHT = 52;

/**
 * The header's second line.
 * @example headerDetails({ verb: "Printed", madeAt, statusDay: "2026-05-08", statusDateSet: true, ... })
 * // "Printed May 9, 2026 · Status date May 8, 2026"
 */
export function headerDetails(header: PictureHeader): string {
  const [year, month, day] = header.statusDay.slice(0, 10).split("-").map(Number);
  const statusDate = format(new Date(year, month - 1, day), "MMM d, yyyy");
  const status = header.statusDateSet ? `Status date ${statusDate}` : `Status date ${statusDate} (today)`;
  return `${header.verb} ${format(header.madeAt, "MMM d, yyyy")} · ${status}`;
}

/** The header as SVG, `width` wide, at the top of the picture. */
export function headerSvg(header: PictureHeader, width: number, palette: ExportPalette): string {
  const parts = [
    `<g font-family="${SVG_FONT}">`,
    `<text x="16" y="22" font-size="16" font-weight="600" fill="${palette.foreground}">${xmlEscape(header.projectName)}</text>`,
    `<text x="16" y="42" font-size="12" fill="${palette.mutedForeground}">${xmlEscape(headerDetails(header))}</text>`,
  ];
  if (header.page) {
    parts.push(
      `<text x="${num(width - 16)}" y="22" font-size="12" text-anchor="end" fill="${palette.mutedForeground}">${xmlEscape(header.page)}</text>`,
    );
  }
  parts.push(
    `<line x1="0" x2="${num(width)}" y1="${PICTURE_HEADER_HEIGHT - 0.5}" y2="${PICTURE_HEADER_HEIGHT - 0.5}" stroke="${palette.border}"/>`,
    "</g>",
  );
  return parts.join("");
}
