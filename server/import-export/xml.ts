// Reading an uploaded XML file safely (MSPDI, GanttProject). A DOCTYPE is refused before any
// parsing, so no external entity is ever fetched and no entity can expand (XXE, "billion laughs");
// the five predefined entities and character references are all the parser decodes. A file that is
// not well-formed is refused with the line the parser stopped at.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ImportError } from "./imported-plan";

/** An element as the parser answers it: attributes and child elements by name, text as "#text". */
export type XmlElement = { [name: string]: XmlValue };
export type XmlValue = string | XmlElement | XmlValue[];

const DECLARATIONS = /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

/**
 * Parses XML text into plain objects: attributes without prefix, values as trimmed strings (never
 * numbers: the mapping reads them), the elements named in `lists` always arrays.
 * @example parseXml("<a><b x='1'>t</b></a>", ["b"]).a // { b: [{ x: "1", "#text": "t" }] }
 */
export function parseXml(xml: string, lists: readonly string[], formatName: string): XmlElement {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const declaration = DECLARATIONS.exec(text);
  if (declaration) {
    const line = text.slice(0, declaration.index).split("\n").length;
    throw new ImportError(
      `The ${formatName} file declares a ${declaration[1].toUpperCase()} (line ${line}); files with a DOCTYPE or entity declarations are refused.`,
    );
  }
  if (text.trim() === "") throw new ImportError(`The ${formatName} file is empty.`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ImportError(
      `The ${formatName} file is not well-formed XML: ${valid.err.msg.replace(/\.$/, "")} (line ${valid.err.line}).`,
    );
  }
  const listed = new Set(lists);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => listed.has(name),
  });
  return parser.parse(text) as XmlElement;
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
