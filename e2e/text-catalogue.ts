// Every user-visible text of product-spec sections 2, 5 and 8 (with the 'Permission denied' texts of
// section 6, which section 8 lists by reference), and the two texts
// docs/decisions/023-edits-that-meet-and-reaching-tasks.md fixes. text-catalogue.e2e.ts checks each
// was shown by some
// browser flow of the run. A string matches a shown text that contains it (case and spacing as the
// spec writes them); a pattern stands for a text with a placeholder such as {name} or {count}.

export type CatalogueEntry = {
  text: string | RegExp;
  section: string;
  /** Shown in a toast of this variant (failures are destructive, red). */
  toast?: "destructive" | "default";
};

const section2: Array<string | RegExp> = [
  // Not-found page and the header.
  "404 Page Not Found",
  // The spec's "Did you forget to add the page to the router?" spoke to developers; decision 032
  // replaces it with words for users.
  "There is no page at this address. It may have moved, or the link may be mistyped.",
  "My Account",
  "Settings",
  "Logout",
  // Landing page.
  "Log In",
  "Sign Up",
  "Try It Now",
  "Get Started",
  "Most Popular",
  "Start Your Free Trial",
  // Sidebar.
  "My Tasks",
  "My Projects",
  "Loading projects...",
  "No projects yet",
  "Shared Projects",
  "Loading shared projects...",
  "No shared projects",
  "Show all projects",
  "Project Options",
  "Rename Project",
  "Archive Project",
  "Unarchive Project",
  "Delete Project",
  "Enter a new name for your project.",
  "Project name",
  "Renaming...",
  /Are you sure you want to delete ".+"\? This will permanently delete the project/,
  "Deleting...",
  // My Tasks and All Projects.
  "View Project",
  "New Project",
  "New Task",
  "All Projects",
  /Active \(\d+\)/,
  /Archived \(\d+\)/,
  /Shared \(\d+\)/,
  // Project page.
  "Project Categories",
  "Project Not Found",
  "Error Loading Project",
  // Task dialog.
  "Add New Task",
  "Edit Task",
  "Scheduling",
  "Add Task",
  "Adding...",
  "Update",
  "Updating...",
  /Are you sure you want to delete ".+"\? This action cannot be undone\./,
  // Dependency graph.
  /\d+ tasks?, \d+ connections? selected/,
  // The filter every view shares and the Waiting badge (decision 034).
  "All Tasks",
  "Not Completed",
  "Waiting",
  "Full Page",
  "To Do",
  "In Progress",
  "Blocked",
  "Completed",
  "Add Node Mode",
  "Click on the canvas to add a new task",
  "Add Connection Mode",
  "Drag from one task to another to create a dependency",
  /\bTask \d+\b/,
  /Are you sure you want to delete \d+ tasks?\? This will also remove any dependencies connected to (this task|these tasks)\./,
  // Task list.
  /Tasks \(\d+\)/,
  "Search tasks...",
  "Unblocked",
  /Are you sure you want to delete ".+"\?/,
  "No tasks match your current filter.",
  "No tasks yet. Create your first task to get started.",
  / - Task List$/,
  // Execution phases.
  "Project Execution Phases",
  "Tasks grouped by when they can be started based on their dependencies.",
  "Phase 1",
  "Can start immediately",
  "1 dependency level",
  /\b[2-9]\d* dependency levels/,
  "No tasks yet",
  // Gantt.
  "Project Timeline",
  "Today",
  "Years",
  "Months",
  "Weeks",
  "Days",
  / - Gantt Chart$/,
  "Create your first task to see the Gantt chart",
  // Kanban.
  "Not Started",
  "Create your first task to get started",
  // Sharing.
  "User",
  "Role",
  "Status",
  "Actions",
  "Invite",
  "Public Access",
  "Owner",
  "Make Viewer",
  "Make Editor",
  "Make Admin",
  "Remove User",
  // Public view.
  "Public View",
  "This is a read-only view of a shared project.",
  "Access Denied",
  "Go to Homepage",
];

const section5: Array<string | RegExp> = [
  "Task name is required.",
  "Due date must be on or after the snooze until date",
  "Due date must be on or after the start date.",
  "Snooze until date must be on or after the start date",
  "Please select a project.",
  "Cannot create connection",
  "Please enter a valid email address",
  "Project name is required",
  "Category name is required",
  "Category name must be 50 characters or less",
  "Please enter a valid hex color code",
  "Email required",
  "Please enter your email address to continue",
  "Are you sure you want to delete this category? This will remove the category from all tasks that use it.",
];

const section8Failures: Array<string | RegExp> = [
  "Failed to create task",
  "Failed to update task",
  "Failed to delete task",
  "Failed to create dependency",
  "Failed to delete dependency",
  /Failed to create project: .+/,
  /Failed to update project: .+/,
  /Failed to delete project: .+/,
  "There was an error saving the task",
  "There was an error deleting the task.",
  "Logout Error",
  "There was a problem logging out. Please try again.",
  "Failed to update project status",
  "Invalid drop target",
  "Please drop the task on a valid column.",
  "Could not move the task. Please try again.",
  "Failed to invite user",
  "Failed to update role",
  "Failed to remove user",
  "Failed to generate share link",
  "Failed to revoke share link",
  "Failed to copy",
  "Failed to rename project",
  "Failed to delete project",
  "Failed to fetch projects",
  "Failed to fetch shared projects",
  "Error creating category",
  "Error updating category",
  "Error deleting category",
  "This share link is invalid or has expired",
  "Failed to load shared project",
  "Signup failed",
  "Something went wrong. Please try again.",
  "You need at least two tasks to create a dependency.",
  "Nothing selected",
  "Select a task or dependency first, then press the delete button.",
  "Permission denied",
  "You don't have permission to edit this task",
  "You don't have permission to create tasks",
  "You don't have permission to delete items",
  "You don't have permission to create dependencies",
  "You don't have permission to delete dependencies",
  "You don't have permission to add tasks to this project",
];

/** Success toasts of section 8 (the default variant). */
const section8Successes: Array<string | RegExp> = [
  "Task created",
  "New task has been added to the project",
  "Task deleted",
  "Task has been removed from the project",
  "Task updated",
  /".+" has been updated successfully/,
  /".+" has been added successfully/,
  /".+" has been removed/,
  "Success",
  "Project created successfully",
  "Project updated successfully",
  "Project deleted successfully",
  "Project archived successfully",
  "Project unarchived successfully",
  "Project renamed successfully",
  "Items deleted",
  /Successfully deleted \d+ items?\./,
  // Links deleted alone, named (docs/decisions/032-messages-in-users-words.md).
  /Dependenc(y|ies) deleted/,
  /Deleted .+\. Press Ctrl\+Z to undo\./,
  /Task moved to (Not Started|In Progress|Blocked|Completed)/,
  "Invitation sent",
  "The user has been invited to the project",
  "Role updated",
  "User removed",
  "Share link generated",
  "Anyone with this link can view your project",
  "Share link revoked",
  "The public link has been disabled",
  "Copied to clipboard",
  "Category created",
  "Category updated",
  "Category deleted",
];

/**
 * Texts of those sections no flow can show, each with the reason. Kept short and honest: an entry
 * here is a claim a reviewer can check.
 */
export const UNREACHABLE: Array<{ text: string; reason: string }> = [
  {
    text: "Invalid task ID: {id}",
    reason: "Task ids reach the client only as integers from the server, so the guard cannot fire.",
  },
  {
    text: "No project specified.",
    reason: "The task dialog without a project selector is opened only inside a project, which supplies it.",
  },
  {
    text: "No project data found",
    reason: "The server answers the public share route with a project or 404; an empty 200 never comes.",
  },
  {
    text: "No Project Selected",
    reason:
      "The graph's empty state for no project: every project has a slug and /home redirects to My Tasks (docs/decisions/004-every-project-has-a-slug.md), so the graph always opens inside a project.",
  },
  {
    text: "Select a project to view its task graph",
    reason: "The description of that same empty state.",
  },
  {
    text: "No project selected",
    reason:
      "The graph and the task dialog create tasks only inside a project page, which always supplies the project ('Please select a project first.' is its description).",
  },
  {
    text: "Please select a project first.",
    reason: "The description of that same toast.",
  },
  {
    text: "Untitled Task",
    reason:
      "A task name is required by the shared schema on both sides (at least one character after trimming).",
  },
  {
    text: "You don't have permission to delete this task",
    reason: "Viewers see no row menu in the list, so no viewer can ask to delete a row.",
  },
  {
    text: "Please select a role",
    reason: "The role is a select with viewer preselected and no empty option.",
  },
];

/** The texts docs/decisions/023-edits-that-meet-and-reaching-tasks.md fixes: the completion question
 * and the kanban badge. */
const decisions12: Array<string | RegExp> = [
  /This task is waiting for \d+ unfinished tasks?\. Complete it anyway\?/,
  /Waiting for \d+/,
];

/** Failures of section 8 shown in the page rather than in a toast (a load that failed has no page). */
const NOT_TOASTS = new Set(["This share link is invalid or has expired", "Failed to load shared project"]);

/** Section 5's messages that are toasts; the others are shown under their field. */
const TOASTS_OF_SECTION_5 = new Set([
  "Cannot create connection",
  "Email required",
  "Please enter your email address to continue",
]);

export const CATALOGUE: CatalogueEntry[] = [
  ...section2.map((text) => ({ text, section: "2" })),
  ...section5.map((text) =>
    TOASTS_OF_SECTION_5.has(String(text))
      ? { text, section: "5", toast: "destructive" as const }
      : { text, section: "5" },
  ),
  ...section8Failures.map((text) =>
    NOT_TOASTS.has(String(text))
      ? { text, section: "8" }
      : { text, section: "8", toast: "destructive" as const },
  ),
  ...section8Successes.map((text) => ({ text, section: "8", toast: "default" as const })),
  ...decisions12.map((text) => ({ text, section: "decisions 12" })),
];

/**
 * Whether a shown text (spacing already collapsed) shows this entry. Case is ignored for strings:
 * innerText applies CSS text-transform, so the sidebar's 'My Projects' is shown as 'MY PROJECTS'.
 */
export function showsEntry(entry: CatalogueEntry, shown: string): boolean {
  let text = shown;
  if (entry.toast) {
    const prefix = `toast:${entry.toast}: `;
    if (!shown.startsWith(prefix)) return false;
    text = shown.slice(prefix.length);
  }
  return typeof entry.text === "string"
    ? text.toLowerCase().includes(entry.text.toLowerCase())
    : entry.text.test(text);
}
