import { LogOut, Settings, User } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { toast } from "@/components/ui/use-toast";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";
import { getInitials } from "@/lib/initials";
import type { PublicUser } from "../../../core/schemas/auth";

function logout() {
  try {
    navigateToServerPage(AUTH_PATHS.logout);
  } catch {
    toast({
      variant: "destructive",
      title: "Logout Error",
      description: "There was a problem logging out. Please try again.",
    });
  }
}

/** The avatar at the right of the header and its account menu. */
export function UserMenu({ user }: { user: PublicUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const displayName = user.username || fullName || user.email;

  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              aria-label="Account menu"
              className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground outline-none ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-border focus-visible:ring-2 focus-visible:ring-ring"
            >
              {getInitials(user.username)}
            </button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{displayName}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <div className="truncate text-sm font-medium">{displayName}</div>
          <div className="truncate text-xs text-muted-foreground">{user.email}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* The spec shows no action for My Account and Settings yet. */}
        <DropdownMenuItem>
          <User aria-hidden />
          My Account
        </DropdownMenuItem>
        <DropdownMenuItem>
          <Settings aria-hidden />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
