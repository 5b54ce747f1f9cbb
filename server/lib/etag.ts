// Conditional requests (RFC 9110 section 13.1.2): whether an If-None-Match header names the
// answer's current entity tag. Weak comparison, as If-None-Match uses: W/"x" and "x" match.

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** True when the header lists this tag (or is "*"). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = opaque(etag);
  return [header]
    .flat()
    .flatMap((value) => value.split(","))
    .some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
