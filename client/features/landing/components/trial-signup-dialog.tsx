import { trialSignupSchema } from "@core/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useCreateTrialSignup } from "@/features/landing/api/create-trial-signup";
import { toast } from "@/lib/use-toast";

/**
 * The address that opens the dialog: the page's buttons never link to it
 * (docs/decisions/019-landing-page-messages-and-viewers-attempts.md).
 */
export const TRIAL_HASH = "#trial";

type TrialValues = z.input<typeof trialSignupSchema>;

/** Open while the address ends in #trial; closing it takes the hash off so it can open again. */
function useTrialHash(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => window.location.hash === TRIAL_HASH);
  useEffect(() => {
    const onHashChange = () => setOpen(window.location.hash === TRIAL_HASH);
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next && window.location.hash === TRIAL_HASH) {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
  };
  return [open, change];
}

/**
 * 'Start Your Free Trial': an email, checked with the schema the server parses. An empty email is
 * answered with a toast, a malformed one under the field.
 */
export function TrialSignupDialog() {
  const [open, setOpen] = useTrialHash();
  const createTrialSignup = useCreateTrialSignup();
  const form = useForm<TrialValues, unknown, z.output<typeof trialSignupSchema>>({
    resolver: zodResolver(trialSignupSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const emailId = useId();
  const emailIsEmpty = (form.watch("email") ?? "").trim() === "";
  // The empty case has its toast; repeating the message under the field would say it twice.
  const fieldError = emailIsEmpty ? undefined : errors.email?.message;

  useEffect(() => {
    if (open) form.reset({ email: "" });
  }, [open, form]);

  const onSubmit = form.handleSubmit(
    async ({ email }) => {
      try {
        await createTrialSignup.mutateAsync({ email });
        setOpen(false);
        toast({ title: "Trial started", description: `Check your inbox at ${email} to get going.` });
      } catch (error) {
        console.error("Trial sign-up failed", error);
        toast({
          variant: "destructive",
          title: "Signup failed",
          description: "Something went wrong. Please try again.",
        });
      }
    },
    () => {
      if ((form.getValues("email") ?? "").trim() !== "") return;
      toast({
        variant: "destructive",
        title: "Email required",
        description: "Please enter your email address to continue",
      });
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Start Your Free Trial"
      description="Enter your email and we will send you everything you need to get started."
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Start Free Trial"
      pendingLabel="Starting..."
    >
      <FormField id={emailId} label="Email" error={fieldError} invalid={Boolean(errors.email)}>
        {(control) => (
          <Input
            {...control}
            type="email"
            placeholder="you@company.com"
            autoComplete="email"
            {...form.register("email")}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
