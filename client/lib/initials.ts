/**
 * The avatar's initials: the first two letters of the username in upper case, or "?" without one.
 *
 * @example getInitials("ada.lovelace") // "AD"
 * @example getInitials(null) // "?"
 */
export function getInitials(username: string | null | undefined): string {
  const name = username?.trim() ?? "";
  if (name === "") return "?";
  // Array.from splits by code point, so a letter outside the BMP is not cut in half.
  return Array.from(name).slice(0, 2).join("").toUpperCase();
}
