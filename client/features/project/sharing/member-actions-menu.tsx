import type { AccessLevel, ShareRole } from "@core/access/permissions";
import { MoreHorizontal, ShieldCheck, UserMinus } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type MemberRow, roleChoices } from "@/features/project/sharing/members";

type MemberActionsMenuProps = {
  row: MemberRow & { role: ShareRole };
  /** The caller's level: roles above it are disabled. */
  level: AccessLevel;
  busy: boolean;
  onChangeRole: (role: ShareRole) => void;
  onRemove: () => void;
};

/** Make Viewer, Make Editor, Make Admin and Remove User; the member's current role is disabled. */
export function MemberActionsMenu({ row, level, busy, onChangeRole, onRemove }: MemberActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton label={`Actions for ${row.name}`} tooltip="Member actions" size="icon-sm" disabled={busy}>
          <MoreHorizontal aria-hidden />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        {roleChoices(level, row.role).map((choice) => (
          <DropdownMenuItem
            key={choice.role}
            disabled={choice.disabled}
            onSelect={() => onChangeRole(choice.role)}
          >
            <ShieldCheck aria-hidden />
            {choice.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onRemove}>
          <UserMinus aria-hidden />
          Remove User
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
