import { type AccessLevel, SHARE_ROLES } from "@core/access/permissions";
import { type InviteInput, inviteSchema } from "@core/schemas/sharing";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useInviteMember } from "@/entities/share/api/invite-member";
import { grantableRoles, ROLE_HINTS, ROLE_LABELS } from "@/features/project/sharing/members";
import { failureToast, SHARING_FAILURES, SHARING_TOASTS } from "@/features/project/sharing/sharing-toasts";
import { toast } from "@/lib/use-toast";

type InviteDialogProps = {
  projectId: number;
  /** The caller's level: roles above it are offered but disabled. */
  level: AccessLevel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const EMPTY: InviteInput = { email: "", role: "viewer" };

/** The Invite form (email, role; default viewer), validated with the schema the server parses. */
export function InviteDialog({ projectId, level, open, onOpenChange }: InviteDialogProps) {
  const invite = useInviteMember();
  const form = useForm<InviteInput, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const emailId = useId();
  const roleId = useId();
  const allowed = new Set(grantableRoles(level));

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (invitation) => {
    try {
      await invite.mutateAsync({ projectId, invitation });
      toast(SHARING_TOASTS.invited);
      onOpenChange(false);
    } catch (error) {
      // The form stays open with what was typed, so a typo can be fixed and sent again.
      failureToast(SHARING_FAILURES.invite, error);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite User"
      description="They get access with this email address, now or when they sign up."
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
    >
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            placeholder="name@example.com"
            autoComplete="off"
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormField id={roleId} label="Role" error={errors.role?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register("role")}>
            {SHARE_ROLES.map((role) => (
              <option key={role} value={role} disabled={!allowed.has(role)}>
                {ROLE_LABELS[role]} ({ROLE_HINTS[role]})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </FormDialog>
  );
}
