import { API_TOKEN_SCOPES, type CreatedApiTokenDto } from "@core/schemas/api-tokens";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useCreateApiToken } from "@/entities/api-token/api/create-api-token";
import { refusedField } from "@/entities/api-token/api/refused-field";
import {
  EMPTY_TOKEN_FORM,
  SCOPE_LABELS,
  type TokenFormValues,
  todayUtc,
  tokenFormSchema,
} from "@/features/settings/token-form";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

/** The form's field for each request field a refusal may name. */
const FORM_FIELDS = new Map<string | undefined, keyof TokenFormValues>([
  ["name", "name"],
  ["scope", "scope"],
  ["expiresAt", "expiresOn"],
]);

/**
 * The Create Token form: name, scope and an optional expiry day, validated with the schema the
 * server parses. The created token, with its secret, goes to `onCreated`.
 */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiTokenDto) => void }) {
  const create = useCreateApiToken();
  const form = useForm<TokenFormValues, unknown, z.output<typeof tokenFormSchema>>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: EMPTY_TOKEN_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const nameId = useId();
  const scopeId = useId();
  const expiresId = useId();

  const onSubmit = form.handleSubmit(async (token) => {
    try {
      const created = await create.mutateAsync(token);
      form.reset(EMPTY_TOKEN_FORM);
      onCreated(created);
    } catch (error) {
      const field = FORM_FIELDS.get(refusedField(error));
      if (field) {
        form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      } else {
        toast({ variant: "destructive", title: "Failed to create token", description: errorMessage(error) });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API token" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_11rem]">
        <FormField id={nameId} label="Name" error={errors.name?.message}>
          {(control) => (
            <Input {...control} placeholder="Nightly report" autoComplete="off" {...form.register("name")} />
          )}
        </FormField>
        <FormField id={scopeId} label="Scope" error={errors.scope?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("scope")}>
              {API_TOKEN_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {SCOPE_LABELS[scope]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={expiresId} label="Expires (optional)" error={errors.expiresOn?.message}>
          {(control) => <Input {...control} type="date" min={todayUtc()} {...form.register("expiresOn")} />}
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">
        A read-only token may read everything you can but change nothing. Without an expiry day the token
        works until you revoke it; with one, it stops at the end of that day (UTC).
      </p>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          <KeyRound aria-hidden />
          {isSubmitting ? "Creating..." : "Create Token"}
        </Button>
      </div>
    </form>
  );
}
