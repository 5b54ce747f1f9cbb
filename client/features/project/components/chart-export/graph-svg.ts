// The dependency graph as an SVG document: frames, then arrows with their heads, then cards (status
// header, name, dates), coloured as graph.css draws them in the theme shown. One builder for the
// whole-plan picture and for each printed page (a part of the canvas, `area`). Strings joined once:
// linear in the cards drawn, no DOM.
import { DISPLAY_STATUS_LABELS } from "@core/tasks/status";
import { type ExportPalette, mix, safeColor } from "./export-palette";
import { CARD_HEADER_HEIGHT, CARD_LINE_HEIGHT, CARD_NAME_SIZE, type GraphLayout } from "./graph-layout";
import { headerSvg, PICTURE_HEADER_HEIGHT, type PictureHeader } from "./picture-header";
import type { GraphArea } from "./print-tiling";
import { arrowGroup, num, SVG_FONT, xmlEscape } from "./svg-text";

export type GraphSvgOptions = {
  palette: ExportPalette;
  header: PictureHeader | null;
  /** The part of the canvas drawn; the whole plan when absent. */
  area?: GraphArea;
  /** Drawn this many times its size (a page fitting the plan shrinks it). */
  scale?: number;
  idPrefix?: string;
};

const overlaps = (box: GraphArea, area: GraphArea) =>
  box.x <= area.x + area.width &&
  box.x + box.width >= area.x &&
  box.y <= area.y + area.height &&
  box.y + box.height >= area.y;

/** The size of the document `graphSvg` writes. */
export function graphSvgSize(
  layout: GraphLayout,
  options: Pick<GraphSvgOptions, "area" | "scale" | "header">,
) {
  const area = options.area ?? layout.bounds;
  const scale = options.scale ?? 1;
  return {
    width: Math.max(area.width * scale, options.header ? 360 : 0),
    height: area.height * scale + (options.header ? PICTURE_HEADER_HEIGHT : 0),
  };
}

/**
 * The graph (or a part of it) as an SVG document: one `<g data-task>` per card drawn, its name as
 * text.
 * @example graphSvg(graphLayout(input), { palette: LIGHT_PALETTE, header })
 */
export function graphSvg(layout: GraphLayout, options: GraphSvgOptions): string {
  const { palette, header } = options;
  const area = options.area ?? layout.bounds;
  const scale = options.scale ?? 1;
  const id = options.idPrefix ?? "graph";
  const size = graphSvgSize(layout, options);
  const top = header ? PICTURE_HEADER_HEIGHT : 0;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(size.width)}" height="${num(size.height)}" viewBox="0 0 ${num(size.width)} ${num(size.height)}" font-family="${SVG_FONT}" role="img" aria-label="${xmlEscape(`Dependency graph${header ? ` of ${header.projectName}` : ""}`)}">`,
    "<defs>",
    `<marker id="${id}-plain" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${palette.graphEdge}"/></marker>`,
    "</defs>",
    `<rect width="100%" height="100%" fill="${palette.card}"/>`,
  ];
  if (header) out.push(headerSvg(header, size.width, palette));
  out.push(
    `<svg x="0" y="${num(top)}" width="${num(area.width * scale)}" height="${num(area.height * scale)}" viewBox="${num(area.x)} ${num(area.y)} ${num(area.width)} ${num(area.height)}" data-graph="">`,
  );

  for (const frame of layout.frames) {
    if (!overlaps(frame, area)) continue;
    out.push(
      `<g data-summary="${frame.taskId}">`,
      `<rect x="${num(frame.x)}" y="${num(frame.y)}" width="${num(frame.width)}" height="${num(frame.height)}" rx="12" fill="${palette.mutedForeground}" fill-opacity="0.08" stroke="${palette.graphFrameBorder}" stroke-width="1.5"/>`,
      `<text x="${num(frame.x + 12)}" y="${num(frame.y + 26)}" font-size="13" font-weight="600" fill="${palette.foreground}"><tspan fill="${palette.mutedForeground}" font-weight="500" font-size="12">${xmlEscape(frame.wbs)} </tspan>${xmlEscape(frame.name)}</text>`,
      "</g>",
    );
  }

  const arrows: string[] = [];
  for (const arrow of layout.arrows) {
    const box = {
      x: Math.min(arrow.x1, arrow.x2) - 40,
      y: Math.min(arrow.y1, arrow.y2),
      width: Math.abs(arrow.x2 - arrow.x1) + 80,
      height: Math.abs(arrow.y2 - arrow.y1),
    };
    if (!overlaps(box, area)) continue;
    // A bezier from the right side to the left one, as xyflow draws its default edge.
    const reach = Math.max(Math.abs(arrow.x2 - arrow.x1) / 2, 25);
    arrows.push(
      `<path d="M${num(arrow.x1)} ${num(arrow.y1)}C${num(arrow.x1 + reach)} ${num(arrow.y1)} ${num(arrow.x2 - reach)} ${num(arrow.y2)} ${num(arrow.x2)} ${num(arrow.y2)}"/>`,
    );
  }
  out.push(...arrowGroup(arrows, palette.graphEdge, 2, `${id}-plain`));

  for (const card of layout.cards) {
    if (!overlaps(card, area)) continue;
    const tint = safeColor(card.color);
    const fill = tint ? mix(tint, 0.1, palette.card) : palette.card;
    const stroke = tint ? mix(tint, 0.55, palette.card) : palette.border;
    const tone = palette.status[card.status];
    const x = num(card.x);
    const nameTop = card.y + CARD_HEADER_HEIGHT + 8 + CARD_NAME_SIZE;
    out.push(
      `<g data-task="${card.taskId}">`,
      `<title>${xmlEscape(card.name)}</title>`,
      `<rect x="${x}" y="${num(card.y)}" width="${num(card.width)}" height="${num(card.height)}" rx="8" fill="${fill}" stroke="${stroke}"/>`,
      `<path d="M${num(card.x + 0.5)} ${num(card.y + CARD_HEADER_HEIGHT)}V${num(card.y + 8)}a7.5 7.5 0 0 1 7.5 -7.5H${num(card.x + card.width - 8)}a7.5 7.5 0 0 1 7.5 7.5V${num(card.y + CARD_HEADER_HEIGHT)}z" fill="${tone.fill}"/>`,
      `<text x="${num(card.x + 12)}" y="${num(card.y + 20)}" font-size="11" font-weight="600" letter-spacing="0.5" fill="${tone.text}">${xmlEscape(DISPLAY_STATUS_LABELS[card.status].toUpperCase())}</text>`,
      `<text x="${num(card.x + 12)}" y="${num(nameTop)}" font-size="${CARD_NAME_SIZE}" font-weight="500" fill="${card.completed ? palette.mutedForeground : palette.foreground}"${card.completed ? ' text-decoration="line-through"' : ""}>`,
      ...card.lines.map(
        (line, index) =>
          `<tspan x="${num(card.x + 12)}" dy="${index === 0 ? 0 : CARD_LINE_HEIGHT}">${xmlEscape(line)}</tspan>`,
      ),
      "</text>",
    );
    if (card.dates) {
      out.push(
        `<text x="${num(card.x + 12)}" y="${num(nameTop + (card.lines.length - 1) * CARD_LINE_HEIGHT + 20)}" font-size="12" font-weight="500" fill="${palette.mutedForeground}">${xmlEscape(card.dates)}</text>`,
      );
    }
    out.push("</g>");
  }
  out.push("</svg>", "</svg>");
  return out.join("");
}
