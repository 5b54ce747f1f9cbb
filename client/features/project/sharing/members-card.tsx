import { type AccessLevel, can, type ShareRole } from "@core/access/permissions";
import { LogOut, UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { LoadFailed } from "@/components/load-failed";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useShares } from "@/entities/share/api/get-shares";
import { useRemoveShare } from "@/entities/share/api/remove-share";
import { useUpdateShareRole } from "@/entities/share/api/update-share-role";
import { InviteDialog } from "@/features/project/sharing/invite-dialog";
import { type MemberRow, memberRows } from "@/features/project/sharing/members";
import { MembersTable } from "@/features/project/sharing/members-table";
import { failureToast, SHARING_FAILURES, SHARING_TOASTS } from "@/features/project/sharing/sharing-toasts";
import { useAuth } from "@/lib/use-auth";
import { toast } from "@/lib/use-toast";

type MembersCardProps = { projectId: number; projectName: string; level: AccessLevel };

/**
 * The project's people: the member table, the Invite button for owners and admins, and a way for a
 * member to leave. Every member may read the list.
 */
export function MembersCard({ projectId, projectName, level }: MembersCardProps) {
  const { user } = useAuth();
  const members = useShares(projectId);
  const updateRole = useUpdateShareRole();
  const removeShare = useRemoveShare();
  const [, navigate] = useLocation();
  const [inviteOpen, setInviteOpen] = useState(false);
  const headingId = useId();
  // The row is kept while the confirmation closes, so its text does not change during the fade.
  const [removal, setRemoval] = useState<{ open: boolean; row: MemberRow | null }>({
    open: false,
    row: null,
  });
  const canShare = can(level, "share");
  const rows = members.data ? memberRows(members.data, user) : [];
  const myMembership = rows.find((row) => row.isYou && row.share);
  const busyShareId = updateRole.isPending ? updateRole.variables.shareId : null;

  const askToRemove = (row: MemberRow) => setRemoval({ open: true, row });

  async function changeRole(row: MemberRow, role: ShareRole) {
    if (!row.share) return;
    try {
      await updateRole.mutateAsync({ shareId: row.share.id, projectId, role });
      toast(SHARING_TOASTS.roleUpdated);
    } catch (error) {
      failureToast(SHARING_FAILURES.updateRole, error);
    }
  }

  async function confirmRemove() {
    const { row } = removal;
    if (!row?.share) return;
    const leaving = row.isYou;
    try {
      await removeShare.mutateAsync({ shareId: row.share.id, projectId, leaving });
    } catch (error) {
      failureToast(leaving ? SHARING_FAILURES.leave : SHARING_FAILURES.remove, error);
      return;
    }
    setRemoval({ open: false, row });
    toast(leaving ? SHARING_TOASTS.left : SHARING_TOASTS.removed);
    if (leaving) navigate("/projects");
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <h2 id={headingId} className="text-lg leading-none font-semibold tracking-tight">
            Members
          </h2>
          <CardDescription>People who can open this project, and what they may do in it.</CardDescription>
        </div>
        <div className="flex shrink-0 gap-2">
          {myMembership && (
            <Button variant="outline" onClick={() => askToRemove(myMembership)}>
              <LogOut aria-hidden />
              Leave Project
            </Button>
          )}
          {canShare && (
            <Button onClick={() => setInviteOpen(true)}>
              <UserPlus aria-hidden />
              Invite
            </Button>
          )}
        </div>
      </CardHeader>
      {members.isPending ? (
        <div className="grid gap-3 border-t p-4 sm:px-6" aria-busy="true">
          <span className="sr-only">Loading members</span>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-10 w-full" />
          ))}
        </div>
      ) : members.isError ? (
        <LoadFailed
          title="Failed to load members"
          error={members.error}
          onRetry={() => void members.refetch()}
          className="border-t"
        />
      ) : (
        <MembersTable
          rows={rows}
          level={level}
          showActions={canShare}
          busyShareId={busyShareId}
          onChangeRole={(row, role) => void changeRole(row, role)}
          onRemove={askToRemove}
        />
      )}
      {rows.length === 1 && (
        <p className="border-t px-4 py-6 text-center text-sm text-muted-foreground sm:px-6">
          No one else has access yet.{canShare && " Invite people by email to work on this project together."}
        </p>
      )}
      {canShare && (
        <InviteDialog projectId={projectId} level={level} open={inviteOpen} onOpenChange={setInviteOpen} />
      )}
      <ConfirmDialog
        open={removal.open}
        onOpenChange={(open) => setRemoval((state) => ({ ...state, open }))}
        {...removeTexts(removal.row, projectName)}
        busy={removeShare.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </Card>
  );
}

function removeTexts(row: MemberRow | null, projectName: string) {
  if (row?.isYou) {
    return {
      title: "Leave Project",
      description: `Leave "${projectName}"? You will no longer be able to open it unless you are invited again.`,
      action: "Leave Project",
      busyAction: "Leaving...",
    };
  }
  return {
    title: "Remove User",
    description: `Remove ${row?.name ?? "this user"} from "${projectName}"? They will no longer be able to open it.`,
    action: "Remove User",
    busyAction: "Removing...",
  };
}
