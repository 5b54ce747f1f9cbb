import { useEffect } from "react";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/**
 * Raises a destructive toast (title `title`, the error as description) once each time a query
 * fails; the inline note where the data would be stays as well.
 */
export function useFailureToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toast({ variant: "destructive", title, description: errorMessage(error) });
  }, [error, title]);
}
