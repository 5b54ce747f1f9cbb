// Small pieces the chart pictures are written with: escaped text, short numbers, a name's width,
// the group the arrows are drawn in.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * Text made safe for an SVG element's content or a quoted attribute. Characters XML does not allow
 * at all (control characters other than tab and newlines, lone surrogates) are dropped.
 * @example xmlEscape(`Tom & "Jerry" <3`) // "Tom &amp; &quot;Jerry&quot; &lt;3"
 */
export function xmlEscape(text: string): string {
  let out = "";
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      // A surrogate pair stays; a lone half is dropped.
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[at] + text[at + 1];
        at++;
      }
      continue;
    }
    if ((code >= 0xdc00 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) continue;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) continue;
    const character = text[at];
    out += ESCAPES[character] ?? character;
  }
  return out;
}

/**
 * A coordinate written short: at most two decimals, no trailing zeros.
 * @example num(12.3456) // "12.35"
 */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * About how wide a text is drawn at `size` px in the app's sans-serif type: 0.55 em a character
 * (the Gantt bar's own estimate is 6.6 px a character at 12 px).
 * @example textWidth("Design", 12) // 40
 */
export function textWidth(text: string, size: number): number {
  return Math.ceil(text.length * size * 0.55);
}

/** The font every picture is written in: the app's system stack, so a picture reads as the screen. */
export const SVG_FONT =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The arrows' paths as one group in one stroke, each ending in the marker `markerId`; nothing
 * without paths.
 * @example arrowGroup(['<path d="M0 0H8"/>'], "#566781", 1.5, "gantt-arrow") // ['<g data-arrows="" …>', '<path d="M0 0H8"/>', "</g>"]
 */
export function arrowGroup(paths: string[], stroke: string, width: number, markerId: string): string[] {
  if (paths.length === 0) return [];
  return [
    `<g data-arrows="" fill="none" stroke="${stroke}" stroke-width="${width}" marker-end="url(#${markerId})">`,
    ...paths,
    "</g>",
  ];
}
