// The task dialog's toasts: what was saved, moved or deleted, and why a save failed.
import type { ToastText } from "@/entities/task/api/task-toasts";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/** A toast; failures are red and carry the server's reason under the spec's sentence. */
export function showToast(text: ToastText, failure = false, error?: unknown) {
  if (error !== undefined) console.error(text.description, error);
  toast({
    variant: failure ? "destructive" : "default",
    title: text.title,
    description:
      error === undefined ? (
        text.description
      ) : (
        <>
          <span className="block">{text.description}</span>
          <span className="mt-1 block text-xs opacity-90">{errorMessage(error)}</span>
        </>
      ),
  });
}
