// The pages a first visit to `/` does not need, each in a chunk of its own (docs/performance.md: the
// landing
// page stays under its JavaScript budget). While a chunk downloads, the page's shape is shown.
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { AppShellSkeleton, PageSkeleton } from "@/app/layout/app-shell-skeleton";
import { LazyBoundary } from "@/components/lazy-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { prefetchProject } from "@/features/project/api/get-project-by-slug";
import { ProjectPageSkeleton } from "@/features/project/components/project-status";
import { preloadView } from "@/features/project/lazy-views";
import { lazyNamed } from "@/lib/lazy-named";
import { toProjectView } from "@/lib/project-views";

const MyTasksChunk = lazyNamed(() => import("@/features/my-tasks/my-tasks-page"), "MyTasksPage");
const AllProjectsChunk = lazyNamed(() => import("@/features/projects/all-projects-page"), "AllProjectsPage");
const ProjectChunk = lazyNamed(() => import("@/features/project/project-page"), "ProjectPage");
const SettingsChunk = lazyNamed(() => import("@/features/settings/settings-page"), "SettingsPage");
const PublicProjectChunk = lazyNamed(
  () => import("@/features/project/public/public-project-page"),
  "PublicProjectPage",
);

// The frame is shown once the signed-in pages have arrived too, so that after the app's skeleton
// the page appears at once rather than after a second skeleton (React reveals content that suspended
// no sooner than 300 ms after its fallback appeared).
const AppLayoutChunk = lazyNamed(
  () =>
    Promise.all([
      import("@/app/layout/app-layout"),
      MyTasksChunk.preload(),
      AllProjectsChunk.preload(),
      ProjectChunk.preload(),
    ]).then(([layout]) => layout),
  "AppLayout",
);

/** The public page's frame and content while its code downloads. */
function PublicPageSkeleton() {
  return (
    <div className="flex min-h-full flex-col" aria-busy="true">
      <span className="sr-only">Loading shared project</span>
      <div className="flex h-14 shrink-0 items-center gap-3 border-b px-3 sm:px-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="ml-auto h-5 w-24 rounded-full" />
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-6">
        <Skeleton className="h-8 w-56 max-w-[60%]" />
        <Skeleton className="h-9 w-full max-w-sm" />
        <Skeleton className="h-80 w-full" />
      </div>
    </div>
  );
}

/**
 * Starts downloading the signed-in frame and pages as soon as an address in the signed-in area is
 * opened, while the user is still being fetched, so that a first visit does not wait for one
 * download after another.
 */
export function PreloadSignedIn() {
  const [location] = useLocation();
  useEffect(() => {
    void AppLayoutChunk.preload();
  }, []);
  // A project's address names its view: that view's code is needed too.
  const projectView = /^\/projects\/[^/]+\/([^/]+)/i.exec(location)?.[1];
  useEffect(() => {
    if (projectView !== undefined) preloadView(toProjectView(projectView));
  }, [projectView]);
  // And its slug names the project: ask for it now, beside the user, so that opening a project
  // takes two round trips in sequence (user and slug, then the project), not three.
  const slug = /^\/projects\/([^/?#]+)/i.exec(location)?.[1];
  const queryClient = useQueryClient();
  useEffect(() => {
    if (slug !== undefined) void prefetchProject(queryClient, decodeURIComponent(slug));
  }, [slug, queryClient]);
  return null;
}

/** The signed-in frame (header, sidebar). */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <LazyBoundary chunk={AppLayoutChunk} fallback={<AppShellSkeleton />}>
      <AppLayoutChunk>{children}</AppLayoutChunk>
    </LazyBoundary>
  );
}

export function MyTasksPage() {
  return (
    <LazyBoundary chunk={MyTasksChunk} fallback={<PageSkeleton loadingLabel="Loading" />}>
      <MyTasksChunk />
    </LazyBoundary>
  );
}

export function AllProjectsPage() {
  return (
    <LazyBoundary chunk={AllProjectsChunk} fallback={<PageSkeleton loadingLabel="Loading" />}>
      <AllProjectsChunk />
    </LazyBoundary>
  );
}

export function SettingsPage() {
  return (
    <LazyBoundary chunk={SettingsChunk} fallback={<PageSkeleton loadingLabel="Loading" />}>
      <SettingsChunk />
    </LazyBoundary>
  );
}

export function ProjectPage(props: ComponentProps<typeof ProjectChunk>) {
  const { view } = props;
  useEffect(() => preloadView(view), [view]);
  return (
    <LazyBoundary chunk={ProjectChunk} fallback={<ProjectPageSkeleton />}>
      <ProjectChunk {...props} />
    </LazyBoundary>
  );
}

export function PublicProjectPage(props: ComponentProps<typeof PublicProjectChunk>) {
  const { view } = props;
  useEffect(() => preloadView(view), [view]);
  return (
    <LazyBoundary chunk={PublicProjectChunk} fallback={<PublicPageSkeleton />}>
      <PublicProjectChunk {...props} />
    </LazyBoundary>
  );
}
