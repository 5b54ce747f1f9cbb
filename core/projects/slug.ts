/**
 * The readable part of a project's slug: lower case, accents dropped, anything but letters and
 * digits turned into single dashes, at most 48 characters. The server appends a random suffix so
 * slugs are unique and survive renames.
 * @example slugify("Café Launch: Q3 / 2026") // "cafe-launch-q3-2026"
 * @example slugify("!!!") // "project"
 */
export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 48)
    .replace(/^-+|-+$/g, "");
  return base || "project";
}
