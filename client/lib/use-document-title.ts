import { useEffect } from "react";

export const DEFAULT_DOCUMENT_TITLE = "Visual Project Planner - Plan projects as dependency graphs";

/**
 * Sets the browser tab's title while the calling page is shown and restores the default when it
 * leaves. Pages without an open project call it bare; a project page passes its own title once the
 * project has loaded (until then `undefined` keeps the default).
 *
 * @example useDocumentTitle(project ? `${project.name} - Visual Project Planner` : undefined)
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title || DEFAULT_DOCUMENT_TITLE;
    return () => {
      document.title = DEFAULT_DOCUMENT_TITLE;
    };
  }, [title]);
}
