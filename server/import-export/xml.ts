// Reading an uploaded XML file safely (MSPDI, GanttProject). A DOCTYPE is refused before any
// parsing, so no external entity is ever fetched and no entity can expand (XXE, "billion laughs");
// the five predefined entities and character references are all the parser decodes. A file that is
// not well-formed is refused with the line the parser stopped at.
// The parser is saxes, a strict streaming one: the tree below is built straight from its events, in
// one pass, so a 17 MB plan costs its text and one tree of plain objects (fast-xml-parser, used
// before, validated in a pass of its own and built an ordered tree before this one: 200 MB more).

import { IMPORT_OUTLINE_LEVELS_MAX } from "@core/schemas/import-export";
import { SaxesParser } from "saxes";
import { type CountedKind, ImportCounter, ImportError, tooDeep } from "./imported-plan";

/** An element as read: attributes and child elements by name, text as "#text". */
export type XmlElement = { [name: string]: XmlValue };
export type XmlValue = string | XmlElement | XmlValue[];

const DECLARATIONS = /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

/**
 * Limits checked as each element opens, before the rest of the file is read
 * (docs/decisions/031-imports-off-the-request-thread.md): `counted` names the elements counted as
 * tasks or dependencies, `outline` the
 * element whose nesting is the plan's outline (GanttProject's <task> within <task>).
 */
export type XmlLimits = { counted?: Readonly<Record<string, CountedKind>>; outline?: string };

/** An open element while its content is read. */
type OpenElement = { name: string; element: XmlElement; text: string; hasContent: boolean };

/**
 * Parses XML text into plain objects: attributes without prefix, values as trimmed strings (never
 * numbers: the mapping reads them), the elements named in `lists` always arrays, others an array
 * only when repeated. An element with neither attributes nor children is its text ("" if empty).
 * @example parseXml("<a><b x='1'>t</b></a>", ["b"]).a // { b: [{ x: "1", "#text": "t" }] }
 */
export function parseXml(
  xml: string,
  lists: readonly string[],
  formatName: string,
  limits: XmlLimits = {},
): XmlElement {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const declaration = DECLARATIONS.exec(text);
  if (declaration) {
    const line = text.slice(0, declaration.index).split("\n").length;
    throw new ImportError(
      `The ${formatName} file declares a ${declaration[1].toUpperCase()} (line ${line}); files with a DOCTYPE or entity declarations are refused.`,
    );
  }
  if (text.trim() === "") throw new ImportError(`The ${formatName} file is empty.`);
  const listed = new Set(lists);
  const document: OpenElement = { name: "", element: {}, text: "", hasContent: false };
  const open: OpenElement[] = [document];
  const parser = new SaxesParser({ position: true });
  parser.on("error", (error) => {
    const reason = error.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw new ImportError(`The ${formatName} file is not well-formed XML: ${reason} (line ${parser.line}).`);
  });
  const counter = new ImportCounter();
  let outlineDepth = 0;
  parser.on("opentag", (tag) => {
    const kind = limits.counted?.[tag.name];
    if (kind) counter.add(kind);
    if (tag.name === limits.outline && ++outlineDepth > IMPORT_OUTLINE_LEVELS_MAX) throw tooDeep();
    const element: XmlElement = {};
    let hasContent = false;
    for (const [name, value] of Object.entries(tag.attributes)) {
      element[name] = value;
      hasContent = true;
    }
    open.push({ name: tag.name, element, text: "", hasContent });
  });
  const addText = (content: string) => {
    open[open.length - 1].text += content;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    const closed = open.pop() as OpenElement;
    if (closed.name === limits.outline) outlineDepth--;
    const parent = open[open.length - 1];
    const content = closed.text.trim();
    let value: XmlValue = closed.element;
    if (!closed.hasContent) value = content;
    else if (content !== "") closed.element["#text"] = content;
    const siblings = parent.element[closed.name];
    if (listed.has(closed.name)) {
      if (Array.isArray(siblings)) siblings.push(value);
      else parent.element[closed.name] = [value];
    } else if (siblings === undefined) parent.element[closed.name] = value;
    else if (Array.isArray(siblings)) siblings.push(value);
    else parent.element[closed.name] = [siblings, value];
    parent.hasContent = true;
  });
  parser.write(text).close();
  return document.element;
}

/** The child element of this name (the first, when there are several), undefined when absent. */
export function child(element: XmlValue | undefined, name: string): XmlElement | undefined {
  if (!element || typeof element === "string" || Array.isArray(element)) return undefined;
  const value = element[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || typeof first === "string"
    ? first === ""
      ? {}
      : undefined
    : (first as XmlElement);
}

/** Every child element of this name. */
export function children(element: XmlValue | undefined, name: string): XmlElement[] {
  if (!element || typeof element === "string" || Array.isArray(element)) return [];
  const value = element[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === "string" ? { "#text": item } : (item as XmlElement),
  );
}

/** The text of a child element (or an attribute) of this name, null when absent or empty. */
export function text(element: XmlValue | undefined, name: string): string | null {
  if (!element || typeof element === "string" || Array.isArray(element)) return null;
  const value = element[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return null;
  const found =
    typeof first === "string" ? first : typeof first === "object" ? (first as XmlElement)["#text"] : null;
  return typeof found === "string" && found.trim() !== "" ? found.trim() : null;
}
