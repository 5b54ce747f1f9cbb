import type { AccessLevel, ShareRole } from "@core/access/permissions";
import { Badge } from "@/components/ui/badge";
import { MemberActionsMenu } from "@/features/project/sharing/member-actions-menu";
import { canManageMember, type MemberRow, ROLE_LABELS } from "@/features/project/sharing/members";
import { cn } from "@/lib/utils";

type MembersTableProps = {
  rows: MemberRow[];
  level: AccessLevel;
  /** Owners and admins get the Actions column. */
  showActions: boolean;
  /** The share whose change is running, so its menu waits. */
  busyShareId: number | null;
  onChangeRole: (row: MemberRow, role: ShareRole) => void;
  onRemove: (row: MemberRow) => void;
};

const STATUS_TONES = {
  Pending: "border-warning-border bg-warning-tint text-warning-tint-foreground",
  Accepted: "border-success-border bg-success-tint text-success-tint-foreground",
} as const;

const cell = "px-2 py-3 align-middle first:pl-3 last:pr-3 sm:px-4 sm:first:pl-4 sm:last:pr-4";

/** The member table: User, Role, Status and, for owners and admins, Actions; the owner comes first. */
export function MembersTable({
  rows,
  level,
  showActions,
  busyShareId,
  onChangeRole,
  onRemove,
}: MembersTableProps) {
  return (
    <table className="w-full table-fixed text-sm">
      <thead className="border-y bg-muted/50 text-left text-xs font-medium text-muted-foreground">
        <tr>
          <th scope="col" className={cn(cell, "py-2 font-medium")}>
            User
          </th>
          <th scope="col" className={cn(cell, "w-[4.5rem] py-2 font-medium lg:w-28")}>
            Role
          </th>
          <th scope="col" className={cn(cell, "w-[5.5rem] py-2 font-medium sm:w-24 lg:w-32")}>
            Status
          </th>
          {showActions && (
            <th scope="col" className={cn(cell, "w-12 py-2 text-right font-medium sm:w-20")}>
              <span className="max-sm:sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={cell}>
              <div className="flex min-w-0 gap-1 font-medium">
                <span className="truncate" title={row.name}>
                  {row.name}
                </span>
                {row.isYou && <span className="shrink-0 font-normal text-muted-foreground">(you)</span>}
              </div>
              {row.email !== row.name && (
                <div className="truncate text-xs text-muted-foreground" title={row.email}>
                  {row.email}
                </div>
              )}
            </td>
            <td className={cn(cell, row.role === "owner" && "font-medium")}>{ROLE_LABELS[row.role]}</td>
            <td className={cell}>
              {row.status ? (
                <Badge variant="outline" className={STATUS_TONES[row.status]}>
                  {row.status}
                </Badge>
              ) : (
                <>
                  <span className="text-muted-foreground" aria-hidden>
                    —
                  </span>
                  <span className="sr-only">None</span>
                </>
              )}
            </td>
            {showActions && (
              <td className={cn(cell, "text-right")}>
                {row.share && row.role !== "owner" && canManageMember(level, row.share) && (
                  <MemberActionsMenu
                    row={{ ...row, role: row.share.role }}
                    level={level}
                    busy={busyShareId === row.share.id}
                    onChangeRole={(role) => onChangeRole(row, role)}
                    onRemove={() => onRemove(row)}
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
