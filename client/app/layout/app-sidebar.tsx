import { FolderOpen, ListChecks } from "lucide-react";
import type * as React from "react";
import { useLocation } from "wouter";
import { SidebarProjectSections } from "@/app/layout/sidebar-project-sections";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type AppSidebarProps = {
  collapsed: boolean;
  /** Under 768 px the sidebar floats over the page instead of pushing it aside. */
  overlay: boolean;
  onClose: () => void;
};

export function AppSidebar({ collapsed, overlay, onClose }: AppSidebarProps) {
  const [location, navigate] = useLocation();

  return (
    <>
      {overlay && !collapsed && (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Close sidebar"
          onClick={onClose}
          className="fixed inset-0 top-14 z-30 bg-overlay animate-in"
        />
      )}
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        data-state={collapsed ? "collapsed" : "expanded"}
        // A collapsed sidebar keeps its content mounted for the transition but out of tab order.
        inert={collapsed}
        className={cn(
          "shrink-0 overflow-hidden bg-sidebar transition-[width,transform,visibility] duration-300 ease-in-out",
          overlay
            ? "fixed top-14 bottom-0 left-0 z-40 w-(--sidebar-width) border-r shadow-xl"
            : "relative border-r",
          overlay && (collapsed ? "invisible -translate-x-full" : "translate-x-0"),
          !overlay && (collapsed ? "invisible w-0 border-r-0" : "w-(--sidebar-width)"),
        )}
      >
        <div className="flex h-full w-(--sidebar-width) flex-col">
          <nav aria-label="Main" className="p-2">
            <SidebarButton active={location === "/my-tasks"} onClick={() => navigate("/my-tasks")}>
              <ListChecks aria-hidden />
              My Tasks
            </SidebarButton>
          </nav>
          <SidebarProjectSections />
          <div className="border-t p-2">
            <SidebarButton active={location === "/projects"} onClick={() => navigate("/projects")}>
              <FolderOpen aria-hidden />
              Show all projects
            </SidebarButton>
          </div>
        </div>
      </aside>
    </>
  );
}

function SidebarButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      onClick={onClick}
      aria-current={active ? "page" : undefined}
      className={cn(
        "h-8 w-full justify-start px-2 font-normal text-foreground/80",
        active && "bg-accent font-medium text-accent-foreground hover:bg-accent hover:text-accent-foreground",
      )}
    >
      {children}
    </Button>
  );
}
