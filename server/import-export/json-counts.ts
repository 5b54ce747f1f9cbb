// Counting a JSON file's lists before it is parsed
// (docs/decisions/031-imports-off-the-request-thread.md). JSON.parse holds the
// whole tree at once, and a schema then checks each element: 6,000,000 empty tasks in 17 MiB would
// cost gigabytes before any length could be checked. This scan reads the text once, holding
// nothing, and counts the elements of the top-level object's lists as it meets them, refusing the
// file (413) the moment one passes its limit.
import { type CountedKind, ImportCounter } from "./imported-plan";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * Counts the elements of the lists the top-level object holds under the keys of `counted`; throws
 * tooMany past a limit. Text that is not JSON is left to JSON.parse to name.
 * @example countTopLevelLists('{"tasks":[{},{}]}', { tasks: "tasks" }) // fine: 2 tasks
 */
export function countTopLevelLists(text: string, counted: Readonly<Record<string, CountedKind>>): void {
  const counter = new ImportCounter();
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  /** The last string closed at depth 1: the key of the value that follows it. */
  let key = "";
  let counting: CountedKind | null = null;
  let expectingElement = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) {
        escaped = true;
        index++;
      } else if (code === QUOTE) {
        inString = false;
        if (depth === 1) {
          // A key may spell itself with escapes ("t\u0061sks"): those are read as JSON does.
          const raw = text.slice(stringStart, index);
          key = escaped ? String(JSON.parse(`"${raw}"`)) : raw;
        }
      }
      continue;
    }
    if (isSpace(code)) continue;
    if (counting && depth === 2 && expectingElement && code !== CLOSE_BRACKET) {
      counter.add(counting);
      expectingElement = false;
    }
    switch (code) {
      case QUOTE:
        inString = true;
        escaped = false;
        stringStart = index + 1;
        break;
      case OPEN_BRACE:
        depth++;
        break;
      case OPEN_BRACKET:
        depth++;
        if (depth === 2) {
          counting = Object.hasOwn(counted, key) ? counted[key] : null;
          expectingElement = true;
        }
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (depth === 2) counting = null;
        depth--;
        break;
      case COMMA:
        if (depth === 2 && counting) expectingElement = true;
        break;
    }
  }
}
