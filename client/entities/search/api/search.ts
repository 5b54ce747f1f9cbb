// The command palette's search (docs/spec/keyboard-and-palette.md): projects and tasks by name,
// across every project the user can see, as the server ranks them.
import { apiRoutes } from "@core/api/routes";
import type { SearchResponse } from "@core/schemas/search";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { requestJson } from "@/lib/api-client";

/** How long typing pauses before the text is searched. */
export const SEARCH_DEBOUNCE_MS = 150;

/** Answers are kept this long: typing a name again, or opening the palette again, asks nothing. */
const SEARCH_STALE_TIME = 30_000;

export const searchKeys = {
  /** The results for a text, trimmed (the server trims it too). */
  results: (text: string) => [apiRoutes.search.url(undefined, { q: text.trim() })] as const,
};

/** GET /api/search?q=: at most 20 projects and tasks whose names match, best first. */
export function getSearchResults(text: string): Promise<SearchResponse> {
  return requestJson<SearchResponse>("GET", searchKeys.results(text)[0]);
}

export function searchResultsQueryOptions(text: string) {
  return queryOptions({
    queryKey: searchKeys.results(text),
    queryFn: () => getSearchResults(text),
    staleTime: SEARCH_STALE_TIME,
    enabled: text.trim() !== "",
  });
}

/**
 * The results for `text` once typing pauses for SEARCH_DEBOUNCE_MS; while the next answer is on its
 * way the last one stays (so the list does not empty and fill again at each key). An empty text
 * asks nothing and answers no results. `pending` says an answer for the text as typed is still to
 * come: the palette shows "Searching…" rather than "No results found." then.
 */
export function useSearchResults(text: string) {
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...searchResultsQueryOptions(debounced), placeholderData: keepPreviousData });
  const wanted = text.trim();
  const empty = wanted === "" || debounced === "";
  return {
    results: empty ? [] : (query.data?.results ?? []),
    pending: wanted !== "" && (debounced !== wanted || query.isFetching || query.isPlaceholderData),
    error: wanted !== "" && debounced === wanted && !query.isFetching ? query.error : null,
  };
}

/** `value`, once it has stayed the same for `delay` ms; an empty value at once (nothing to wait for). */
export function useDebouncedValue(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value === "") {
      setDebounced(value);
      return undefined;
    }
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
