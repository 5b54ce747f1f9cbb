import { type AccessLevel, SHARE_ROLES } from "@core/access/permissions";
import { type InviteInput, inviteSchema } from "@core/schemas/sharing";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormMessage } from "@/components/ui/form-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { grantableRoles, ROLE_HINTS, ROLE_LABELS } from "@/features/project/sharing/members";
import { failureToast, SHARING_FAILURES, SHARING_TOASTS } from "@/features/project/sharing/sharing-toasts";
import { useInviteMember } from "@/lib/api/shares/invite-member";

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
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Invite User</DialogTitle>
            <DialogDescription>
              They get access with this email address, now or when they sign up.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input
              id={emailId}
              type="email"
              placeholder="name@example.com"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${emailId}-error` : undefined}
              {...form.register("email")}
            />
            <FormMessage id={`${emailId}-error`}>{errors.email?.message}</FormMessage>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <NativeSelect
              id={roleId}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? `${roleId}-error` : undefined}
              {...form.register("role")}
            >
              {SHARE_ROLES.map((role) => (
                <option key={role} value={role} disabled={!allowed.has(role)}>
                  {ROLE_LABELS[role]} ({ROLE_HINTS[role]})
                </option>
              ))}
            </NativeSelect>
            <FormMessage id={`${roleId}-error`}>{errors.role?.message}</FormMessage>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Sending..." : "Send Invitation"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
