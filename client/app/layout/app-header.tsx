import { PanelLeft } from "lucide-react";
import { useLocation } from "wouter";
import { CommandPaletteButton } from "@/app/layout/command-palette-button";
import { NotificationBell } from "@/app/layout/notification-bell";
import { UserMenu } from "@/app/layout/user-menu";
import { IconButton } from "@/components/icon-button";
import { Logo } from "@/components/logo";
import { useAuth } from "@/lib/use-auth";

type AppHeaderProps = { sidebarCollapsed: boolean; onToggleSidebar: () => void };

export function AppHeader({ sidebarCollapsed, onToggleSidebar }: AppHeaderProps) {
  const [, navigate] = useLocation();
  const { user } = useAuth();

  return (
    <header className="z-40 flex h-14 shrink-0 items-center gap-1 border-b bg-background px-2 sm:gap-2 sm:px-3">
      <IconButton
        label="Toggle sidebar"
        tooltip={sidebarCollapsed ? "Show sidebar" : "Hide sidebar"}
        aria-expanded={!sidebarCollapsed}
        aria-controls="app-sidebar"
        onClick={onToggleSidebar}
      >
        <PanelLeft aria-hidden />
      </IconButton>
      <button
        type="button"
        onClick={() => navigate("/home")}
        className="flex items-center rounded-md px-1.5 py-1 outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo compact />
      </button>
      <div className="ml-auto flex items-center gap-2">
        <CommandPaletteButton />
        {user && <NotificationBell />}
        {user && <UserMenu user={user} />}
      </div>
    </header>
  );
}
