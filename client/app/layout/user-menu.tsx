import { type PublicUser, THEME_PREFERENCES, type ThemePreference } from "@core/schemas/auth";
import { CalendarDays, LogOut, Monitor, Moon, Settings, Sun, User } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { apiRequest } from "@/lib/api-client";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";
import { getInitials } from "@/lib/initials";
import { useTheme } from "@/lib/theme/use-theme";
import { toast } from "@/lib/use-toast";
import { CalendarFeedDialog } from "./calendar-feed-dialog";

/**
 * Ends the session with a request first, so a failure is told here as a toast rather than on a bare
 * error page; then navigates to /api/logout, which clears the cookie and ends on /.
 */
async function logout() {
  try {
    await apiRequest("POST", AUTH_PATHS.logout);
    navigateToServerPage(AUTH_PATHS.logout);
  } catch {
    toast({
      variant: "destructive",
      title: "Logout Error",
      description: "There was a problem logging out. Please try again.",
    });
  }
}

const THEME_CHOICES: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  system: { label: "System", icon: Monitor },
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
};

const isThemePreference = (value: string): value is ThemePreference =>
  (THEME_PREFERENCES as readonly string[]).includes(value);

/** The avatar at the right of the header and its account menu. */
export function UserMenu({ user }: { user: PublicUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const displayName = user.username || fullName || user.email;
  const initials = getInitials(user.username);
  const [feedOpen, setFeedOpen] = useState(false);
  const [, navigate] = useLocation();
  const theme = useTheme();
  const themeLabelId = useId();

  return (
    <>
      {/* Not modal: a modal menu aria-hides the page while its controls stay focusable (axe). */}
      <DropdownMenu modal={false}>
        <Tooltip>
          <TooltipTrigger asChild>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                // The name holds the visible initials too, so speech users can say what they see.
                aria-label={`${initials} Account menu`}
                className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground outline-none ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-border focus-visible:ring-2 focus-visible:ring-ring"
              >
                {initials}
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
          {/* The spec shows no action for My Account yet. */}
          <DropdownMenuItem>
            <User aria-hidden />
            My Account
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate("/settings")}>
            <Settings aria-hidden />
            Settings
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setFeedOpen(true)}>
            <CalendarDays aria-hidden />
            Calendar Feed
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel id={themeLabelId} className="text-xs font-medium text-muted-foreground">
            Theme
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            aria-labelledby={themeLabelId}
            value={theme.preference}
            onValueChange={(value) => {
              if (isThemePreference(value)) theme.setPreference(value);
            }}
          >
            {THEME_PREFERENCES.map((choice) => {
              const { label, icon: Icon } = THEME_CHOICES[choice];
              return (
                // Choosing keeps the menu open, so the change is seen beside the choice.
                <DropdownMenuRadioItem
                  key={choice}
                  value={choice}
                  onSelect={(event) => event.preventDefault()}
                >
                  <Icon aria-hidden />
                  {label}
                </DropdownMenuRadioItem>
              );
            })}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()}>
            <LogOut aria-hidden />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CalendarFeedDialog open={feedOpen} onOpenChange={setFeedOpen} />
    </>
  );
}
