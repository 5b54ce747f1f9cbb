import type { TaskDto } from "@core/schemas/projects";
import type * as React from "react";
import { useState } from "react";
import { Link } from "wouter";
import { Logo } from "@/components/logo";
import { Badge } from "@/components/ui/badge";
import { ViewTabs } from "@/components/view-tabs";
import { usePublicProject } from "@/entities/share/api/get-public-project";
import { PUBLIC_VIEW_TEXTS, publicLoadProblem } from "@/features/project/public/public-project";
import { PublicProjectProvider } from "@/features/project/public/public-project-provider";
import {
  AccessDenied,
  NoPublicProjectData,
  PublicLoadFailed,
  PublicProjectSkeleton,
} from "@/features/project/public/public-status";
import { PublicTaskDialog } from "@/features/project/public/public-task-dialog";
import { PublicViewBody } from "@/features/project/public/public-view-body";
import { errorMessage } from "@/lib/error-message";
import { PUBLIC_VIEWS, type PublicView, sharePath, VIEW_LABELS } from "@/lib/project-views";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useProjectEvents } from "@/lib/use-project-events";

type PublicProjectPageProps = { token: string; view: PublicView };

/** The task shown read-only; kept while the dialog closes so its text does not change in the fade. */
type TaskDetailsState = { open: boolean; task: TaskDto | null };

/**
 * A project behind a public link (/share/{token}/{view}), for visitors without an account: the
 * project views read-only, with the 'Public View' badge and the footer.
 */
export function PublicProjectPage({ token, view }: PublicProjectPageProps) {
  const shared = usePublicProject(token);
  // Public viewers see the owner's changes live too; a revoked link ends the stream.
  useProjectEvents({ token });
  const [details, setDetails] = useState<TaskDetailsState>({ open: false, task: null });
  const project = shared.data?.project;
  useDocumentTitle(project ? `${project.name} - Visual Project Planner` : undefined);

  if (shared.isPending) {
    return (
      <PublicLayout>
        <PublicProjectSkeleton />
      </PublicLayout>
    );
  }
  const problem = publicLoadProblem(shared.error, shared.data);
  if (problem || !shared.data) {
    return (
      <PublicLayout>
        {problem === "access-denied" ? (
          <AccessDenied />
        ) : problem === "failed" ? (
          <PublicLoadFailed message={errorMessage(shared.error)} onRetry={() => void shared.refetch()} />
        ) : (
          <NoPublicProjectData />
        )}
      </PublicLayout>
    );
  }

  const tabs = PUBLIC_VIEWS.map((name) => ({
    value: name,
    label: VIEW_LABELS[name],
    href: sharePath(token, name),
  }));
  return (
    <PublicLayout>
      <PublicProjectProvider token={token} data={shared.data}>
        <div className="flex flex-col gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
              {shared.data.project.name}
            </h1>
            {shared.data.project.description && (
              <p className="text-sm wrap-anywhere text-muted-foreground">{shared.data.project.description}</p>
            )}
          </div>
          <ViewTabs tabs={tabs} active={view} label="Project views" />
        </div>
        <PublicViewBody view={view} onOpenTask={(task) => setDetails({ open: true, task })} />
        <PublicTaskDialog
          open={details.open}
          onOpenChange={(open) => setDetails((state) => ({ ...state, open }))}
          task={details.task}
        />
      </PublicProjectProvider>
    </PublicLayout>
  );
}

/** Header with the logo and the 'Public View' badge, the page, and the read-only footer. */
function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b px-3 sm:px-4">
        <Link
          href="/"
          className="flex items-center rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo compact />
        </Link>
        <Badge variant="accent" className="ml-auto">
          Public View
        </Badge>
      </header>
      <main className="flex flex-1 flex-col gap-4 p-4 sm:p-6">{children}</main>
      <footer className="border-t px-4 py-4 text-center text-sm text-muted-foreground">
        {PUBLIC_VIEW_TEXTS.footer}{" "}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Create your own projects
        </Link>
      </footer>
    </div>
  );
}
