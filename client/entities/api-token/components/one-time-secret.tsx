import { Copy } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type OneTimeSecretProps = {
  /** What the secret is: "Token", "Signing secret". */
  label: string;
  secret: string;
  /** Said under it: the server keeps only a hash, so this is the one chance to copy it. */
  warning: string;
  /** Give Copy the focus when shown (in place of the form's button that made the secret). */
  focusCopy?: boolean;
};

/**
 * A secret the server answers once (an API token, a webhook's signing secret): its text, selected
 * whole by one click, Copy, and the warning that it will not be shown again.
 */
export function OneTimeSecret({ label, secret, warning, focusCopy = false }: OneTimeSecretProps) {
  const labelId = useId();
  const warningId = useId();
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusCopy) copyButton.current?.focus();
  }, [focusCopy]);

  async function copy() {
    try {
      // The Clipboard API needs a secure context (HTTPS or localhost); elsewhere it is missing.
      if (!navigator.clipboard) {
        throw new Error("The clipboard is not available here; select the text and copy it.");
      }
      await navigator.clipboard.writeText(secret);
      toast({ title: "Copied to clipboard" });
    } catch (error) {
      toast({ variant: "destructive", title: "Failed to copy", description: errorMessage(error) });
    }
  }

  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all select-all">
          {secret}
        </code>
        <Button ref={copyButton} variant="outline" aria-describedby={warningId} onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p id={warningId} className="text-sm font-medium text-warning">
        {warning}
      </p>
    </div>
  );
}
