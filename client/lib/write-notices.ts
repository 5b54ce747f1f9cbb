// What a write tells the user when it lands or fails. An API hook declares it as data, in its
// mutation's `meta` (a title, a toast, or a function of the answer); the query client's mutation
// cache shows it (writeNoticesCache, the one place that turns a write into a toast). So the API
// hooks hold no UI, a caller silences a hook by its options, and every write's failure reads the
// same way: its title, then the server's words.
import { MutationCache } from "@tanstack/react-query";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

export type NoticeText = { title: string; description: string };

export type WriteNotices = {
  /** The success toast, or one made from the answer and the variables (null: none). */
  success?: NoticeText | ((data: unknown, variables: unknown) => NoticeText | null);
  /** The failure toast's title (its description is the server's words), or the whole toast. */
  failure?: string | NoticeText;
  /** The title failures are logged under when no toast shows them. */
  logAs?: string;
};

/**
 * The notices of a write whose caller may silence it (`notify` false: the caller says it in its own
 * words); silenced, a failure is still logged under its title.
 * @example optionalNotices(false, TASK_TOASTS.created, "Failed to create task") // { logAs: "Failed to create task" }
 */
export function optionalNotices(notify: boolean, success: NoticeText, failure: string): WriteNotices {
  return notify ? { success, failure } : { logAs: failure };
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: Record<string, unknown> & { notices?: WriteNotices };
  }
}

/** The notices of a mutation's meta, as its hook declared them. */
const noticesOf = (meta: unknown) => (meta as { notices?: WriteNotices } | undefined)?.notices;

/** The mutation cache every app query client uses: it shows each write's declared notices. */
export function writeNoticesCache(): MutationCache {
  return new MutationCache({
    onSuccess: (data, variables, _context, mutation) => {
      const success = noticesOf(mutation.meta)?.success;
      const text = typeof success === "function" ? success(data, variables) : success;
      if (text) toast(text);
    },
    onError: (error, _variables, _context, mutation) => {
      const notices = noticesOf(mutation.meta);
      const failure = notices?.failure;
      const title = typeof failure === "string" ? failure : (failure?.title ?? notices?.logAs);
      if (title) console.error(title, error);
      if (typeof failure === "string") {
        toast({ variant: "destructive", title: failure, description: errorMessage(error) });
      } else if (failure) {
        toast({ variant: "destructive", ...failure });
      }
    },
  });
}
