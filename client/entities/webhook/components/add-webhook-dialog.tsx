import {
  type CreatedWebhookDto,
  type CreateWebhook,
  createWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
} from "@core/schemas/webhooks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogShell } from "@/components/ui/dialog";
import { CancelAndAction } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { refusedField } from "@/entities/api-token/api/refused-field";
import { OneTimeSecret } from "@/entities/api-token/components/one-time-secret";
import { useCreateWebhook } from "@/entities/webhook/api/create-webhook";
import { WebhookEventsField } from "@/entities/webhook/components/webhook-events-field";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

type AddWebhookDialogProps = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void };

const EMPTY: CreateWebhook = { url: "", events: [...WEBHOOK_EVENT_TYPES] };

/**
 * Add Webhook: the URL and the events (all by default), validated with the schema the server
 * parses; once added, the signing secret is shown this once, with how to check a signature.
 */
export function AddWebhookDialog({ projectId, open, onOpenChange }: AddWebhookDialogProps) {
  const create = useCreateWebhook();
  const form = useForm<CreateWebhook, unknown, z.output<typeof createWebhookSchema>>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const urlId = useId();
  // Kept while the dialog closes, so its text does not change during the fade.
  const [created, setCreated] = useState<CreatedWebhookDto | null>(null);

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      setCreated(null);
    }
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (webhook) => {
    try {
      setCreated(await create.mutateAsync({ projectId, webhook }));
      toast({
        title: "Webhook added",
        description: "Copy its signing secret now: it is shown only this once.",
      });
    } catch (error) {
      const field = refusedField(error);
      if (field === "url" || field === "events") {
        form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      } else {
        toast({ variant: "destructive", title: "Failed to add webhook", description: errorMessage(error) });
      }
    }
  });

  const close = (next: boolean) => !isSubmitting && onOpenChange(next);

  if (created) {
    return (
      <DialogShell
        open={open}
        onOpenChange={close}
        className="sm:max-w-lg"
        title="Webhook added"
        description={`Changes of this project are now sent to ${created.url}.`}
        descriptionClassName="wrap-anywhere"
        footer={
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        }
      >
        <OneTimeSecret
          label="Signing secret"
          secret={created.secret}
          warning="You won't see this secret again."
          focusCopy
        />
        <p className="text-sm text-muted-foreground">
          To check that a delivery came from this planner, compute the HMAC-SHA256 of the request body with
          this secret and compare it with the{" "}
          <code className="font-mono text-xs">{WEBHOOK_HEADERS.signature}</code> header, which reads{" "}
          <code className="font-mono text-xs">sha256=&lt;hex&gt;</code>.
        </p>
      </DialogShell>
    );
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      className="sm:max-w-lg"
      title="Add Webhook"
      description="Each change of this project is POSTed to the URL as JSON, in order, signed with a secret, and retried for 24 hours while it fails."
      onSubmit={onSubmit}
      footer={<CancelAndAction pending={isSubmitting} label="Add Webhook" pendingLabel="Adding..." />}
    >
      <FormField id={urlId} label="URL" error={errors.url?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://example.com/planner-hook"
            autoComplete="off"
            spellCheck={false}
            {...form.register("url")}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <WebhookEventsField value={field.value} onChange={field.onChange} error={errors.events?.message} />
        )}
      />
    </DialogShell>
  );
}
