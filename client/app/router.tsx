import { Redirect, Route, Switch } from "wouter";
// The landing and not-found pages are part of the first download; the others load when opened.
import {
  AllProjectsPage,
  AppLayout,
  MyTasksPage,
  PreloadSignedIn,
  ProjectPage,
  PublicProjectPage,
  SettingsPage,
} from "@/app/lazy-pages";
import { RedirectSignedIn, RequireAuth } from "@/app/route-guards";
import { LandingPage } from "@/features/landing/landing-page";
import { NotFoundPage } from "@/features/not-found/not-found-page";
import { projectPath, sharePath, toProjectView, toPublicView } from "@/lib/project-views";

// Every signed-in page shares one layout, matched once so the header and sidebar are not remounted
// when moving between them. Paths under these prefixes that match no page get the not-found page
// inside the layout.
const SIGNED_IN_AREA = /^\/(?:my-tasks|projects|settings)(?:\/.*)?$/i;

export function AppRouter() {
  return (
    <Switch>
      <Route path="/">
        <RedirectSignedIn>
          <LandingPage />
        </RedirectSignedIn>
      </Route>
      {/* Every project has a slug in this product, so /home is never a project view: go to My Tasks. */}
      <Route path="/home">
        <Redirect to="/my-tasks" replace />
      </Route>
      <Route path="/share/:token">{({ token }) => <PublicShareRoute token={token} />}</Route>
      <Route path="/share/:token/:view">
        {({ token, view }) => <PublicShareRoute token={token} view={view} />}
      </Route>
      <Route path={SIGNED_IN_AREA}>
        <PreloadSignedIn />
        <RequireAuth>
          <AppLayout>
            <SignedInRoutes />
          </AppLayout>
        </RequireAuth>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/my-tasks">
        <MyTasksPage />
      </Route>
      <Route path="/projects">
        <AllProjectsPage />
      </Route>
      <Route path="/settings">
        <SettingsPage />
      </Route>
      <Route path="/projects/:slug">{({ slug }) => <Redirect to={projectPath(slug)} replace />}</Route>
      <Route path="/projects/:slug/:view">
        {({ slug, view }) => <ProjectRoute slug={slug} view={view} />}
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** An unknown view falls back to graph; the address is corrected so it names the view shown. */
function ProjectRoute({ slug, view }: { slug: string; view: string }) {
  const projectView = toProjectView(view);
  if (projectView !== view) return <Redirect to={projectPath(slug, projectView)} replace />;
  return <ProjectPage slug={slug} view={projectView} />;
}

/** A public link has graph, list, phases and gantt; anything else (kanban too) falls back to graph. */
function PublicShareRoute({ token, view }: { token: string; view?: string }) {
  if (view === undefined) return <PublicProjectPage token={token} view="graph" />;
  const publicView = toPublicView(view);
  if (publicView !== view) return <Redirect to={sharePath(token, publicView)} replace />;
  return <PublicProjectPage token={token} view={publicView} />;
}
