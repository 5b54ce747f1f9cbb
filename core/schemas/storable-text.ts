// Characters a text field cannot hold (docs/decisions/031-imports-off-the-request-thread.md).
// PostgreSQL's text and jsonb take
// no NUL (U+0000), and jsonb refuses a lone surrogate (half of a UTF-16 pair, "\ud800", which JSON
// can escape but UTF-8 cannot encode). Both are refused wherever they arrive: in a request's body,
// query or path, and in every field of an imported file.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What makes a text unstorable, as the end of a message ("must not contain ..."), or null.
 * @example unstorableCharacter("a\u0000") // "the NUL character (U+0000)"
 * @example unstorableCharacter("\ud83d\ude00") // null (a whole pair: an emoji)
 */
export function unstorableCharacter(text: string): string | null {
  if (text.includes("\u0000")) return "the NUL character (U+0000)";
  const lone = LONE_SURROGATE.exec(text);
  if (lone)
    return `a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}), half of a character`;
  return null;
}

/**
 * A text with its NUL and surrogate characters written as \uXXXX escapes, so a message can name
 * it without holding the characters it refuses.
 * @example escapedUnstorable("a\u0000b") // "a\\u0000b"
 */
export const escapedUnstorable = (text: string): string =>
  [...text]
    .map((character) => {
      const code = character.charCodeAt(0);
      const unstorable = code === 0 || (character.length === 1 && code >= 0xd800 && code <= 0xdfff);
      return unstorable ? `\\u${code.toString(16).padStart(4, "0")}` : character;
    })
    .join("");

/**
 * The path of the first string in a value (keys included) that cannot be stored, with the reason,
 * or null. Paths join keys and indexes with dots: "tasks.3.name"; a key that itself holds such a
 * character is named escaped (escapedUnstorable), so no message echoes what it refuses.
 * @example unstorableTextIn({ tasks: [{ name: "a\u0000" }] }) // { path: "tasks.0.name", problem: ... }
 */
export function unstorableTextIn(value: unknown, path = ""): { path: string; problem: string } | null {
  // Iterative: a hostile body may nest deeper than the call stack.
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === "string") {
      const problem = unstorableCharacter(item.value);
      if (problem) return { path: item.path, problem };
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    // A raw file (the import's Buffer) is not a tree of strings: its reader checks its text.
    if (ArrayBuffer.isView(item.value)) continue;
    const entries = Object.entries(item.value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index];
      const childPath = item.path ? `${item.path}.${key}` : key;
      const problem = unstorableCharacter(key);
      if (problem) return { path: escapedUnstorable(childPath), problem };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}
