import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@core/schemas/webhooks";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FormMessage } from "@/components/ui/form-message";
import { webhookEventGroups } from "@/entities/webhook/model/webhook-events";
import { cn } from "@/lib/utils";

const GROUPS = webhookEventGroups();

type WebhookEventsFieldProps = {
  value: readonly string[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string;
};

/** A checkbox that shows "some" (mixed) when part of what it stands for is chosen. */
function GroupCheckbox({
  chosen,
  of,
  onToggle,
  label,
  className,
}: {
  chosen: number;
  of: number;
  onToggle: (checked: boolean) => void;
  label: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Checkbox
        id={id}
        checked={chosen === of}
        ref={(input) => {
          if (input) input.indeterminate = chosen > 0 && chosen < of;
        }}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

/**
 * The events a webhook is sent: All events, each group (Task changes, ...) and each event type, as
 * checkboxes; the list is kept in the order of WEBHOOK_EVENT_TYPES.
 */
export function WebhookEventsField({ value, onChange, error }: WebhookEventsFieldProps) {
  const idPrefix = useId();
  const errorId = `${idPrefix}-error`;
  const chosen = new Set(value);
  const set = (events: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange(WEBHOOK_EVENT_TYPES.filter((event) => next.has(event)));
  };
  const countOf = (events: readonly WebhookEventType[]) => events.filter((event) => chosen.has(event)).length;

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Events</legend>
      <GroupCheckbox
        label="All events"
        chosen={countOf(WEBHOOK_EVENT_TYPES)}
        of={WEBHOOK_EVENT_TYPES.length}
        onToggle={(on) => set(WEBHOOK_EVENT_TYPES, on)}
      />
      {GROUPS.map((group) => (
        <fieldset key={group.label} className="grid gap-2 rounded-md border p-3">
          <legend className="sr-only">{group.label}</legend>
          <GroupCheckbox
            label={group.label}
            chosen={countOf(group.events)}
            of={group.events.length}
            onToggle={(on) => set(group.events, on)}
          />
          <div className="grid gap-x-4 gap-y-2 pl-6 sm:grid-cols-2">
            {group.events.map((event) => {
              const id = `${idPrefix}-${event}`;
              return (
                <div key={event} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={chosen.has(event)}
                    onChange={(change) => set([event], change.currentTarget.checked)}
                  />
                  <label htmlFor={id} className="font-mono text-xs">
                    {event}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <FormMessage id={errorId}>{error}</FormMessage>
    </fieldset>
  );
}
