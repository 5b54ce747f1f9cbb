import { can } from "@core/access/permissions";
import { useProjectContext } from "@/features/project/project-context";
import { sharingLevel } from "@/features/project/sharing/members";
import { MembersCard } from "@/features/project/sharing/members-card";
import { PublicAccessCard } from "@/features/project/sharing/public-access-card";
import { WebhooksCard } from "@/features/project/sharing/webhooks-card";
import { useAuth } from "@/lib/use-auth";

/**
 * The sharing page: the member table with the Invite form, and for owners and admins the Public
 * Access and Webhooks cards.
 */
export function SharingView() {
  const { project, accessLevel } = useProjectContext();
  const { user } = useAuth();
  const level = sharingLevel(accessLevel, project.userId, user?.id);
  // Webhooks are managed by those who share the project (admins and owners), as the server checks.
  const canShare = can(level, "share");

  return (
    <div className="grid gap-4 lg:gap-6">
      <MembersCard projectId={project.id} projectName={project.name} level={level} />
      {canShare && <PublicAccessCard projectId={project.id} />}
      {canShare && <WebhooksCard projectId={project.id} />}
    </div>
  );
}
