/**
 * The slot between "My Tasks" and "Show all projects" in the sidebar, where the "My Projects"
 * section (with its add-project button, 'Loading projects...' and 'No projects yet') and the
 * "Shared Projects" section ('Loading shared projects...', 'No shared projects') go. It fills the
 * sidebar's free height and scrolls on its own; the issue that lists projects replaces this body.
 */
export function SidebarProjectSections() {
  return <div data-slot="sidebar-project-sections" className="min-h-0 flex-1 overflow-y-auto px-2 py-1" />;
}
