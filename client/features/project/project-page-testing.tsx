// What the project page's tests (project-page-*.dom.test.tsx) share: Ada's "Office move" with two
// unscheduled tasks as the server answers the page's reads, and the page rendered at an address of
// wouter's memory location inside the app's providers. Not a test file, so it names the API's URLs
// by the route table.
import { apiRoutes, fixedPrefixOf } from "@core/api/routes";
import type { ScheduledTaskDto } from "@core/schemas/projects";
import { taskDto } from "@core/testing/dto-factories";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { ProjectView } from "@/lib/project-views";
import { jsonResponse, officeMoveProject, renderWithProviders } from "@/testing/component-tests";
import { ProjectPage } from "./project-page";

const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", username: "ada" };
const project = { ...officeMoveProject, preferredView: "list", version: 1 };
export const pageTasks: ScheduledTaskDto[] = [
  { ...taskDto({ id: 41, projectId: 3, name: "Pack boxes" }), schedule: null },
  { ...taskDto({ id: 43, projectId: 3, name: "Book the van", order: 1 }), schedule: null },
];

/** The server's answer to one of the page's reads, the project open to `accessLevel`. */
export function answerPageRead(url: string, accessLevel = "owner"): Response {
  if (url === apiRoutes.authUser.url()) return jsonResponse(user);
  if (url.startsWith(fixedPrefixOf(apiRoutes.projectBySlug.path))) return jsonResponse(project);
  if (url === apiRoutes.project.url({ id: 3 }))
    return jsonResponse({
      project,
      tasks: pageTasks,
      dependencies: [],
      schedule: { finish: null },
      accessLevel,
    });
  if (url.startsWith(apiRoutes.projectShares.url({ id: 3 })))
    return jsonResponse({ shares: [], isOwner: true, owner: user });
  return jsonResponse([]);
}

/** The page of "Office move" showing `view`, at `address`; its memory location, to read the history. */
export function renderProjectPage(address: string, view: ProjectView) {
  const location = memoryLocation({ path: address, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ProjectPage slug="office-move-3" view={view} />
    </Router>,
  );
  return location;
}
