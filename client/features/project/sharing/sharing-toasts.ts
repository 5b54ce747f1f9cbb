// The toasts of the sharing page and the public link.

import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/use-toast";

export const SHARING_TOASTS = {
  invited: { title: "Invitation sent", description: "The user has been invited to the project" },
  roleUpdated: { title: "Role updated" },
  removed: { title: "User removed" },
  left: { title: "You left the project" },
  linkGenerated: {
    title: "Share link generated",
    description: "Anyone with this link can view your project",
  },
  linkRevoked: { title: "Share link revoked", description: "The public link has been disabled" },
  copied: { title: "Copied to clipboard" },
} as const;

export const SHARING_FAILURES = {
  invite: "Failed to invite user",
  updateRole: "Failed to update role",
  remove: "Failed to remove user",
  leave: "Failed to leave project",
  generateLink: "Failed to generate share link",
  revokeLink: "Failed to revoke share link",
  copy: "Failed to copy",
} as const;

/** A red toast: the spec's title, and the server's words below it. */
export function failureToast(title: string, error: unknown) {
  console.error(title, error);
  toast({ variant: "destructive", title, description: errorMessage(error) });
}
