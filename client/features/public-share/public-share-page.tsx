import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { Logo } from "@/components/logo";
import { Badge } from "@/components/ui/badge";
import { ViewTabs } from "@/components/view-tabs";
import { PUBLIC_VIEWS, type PublicView, sharePath, VIEW_LABELS } from "@/lib/project-views";
import { useDocumentTitle } from "@/lib/use-document-title";

type PublicSharePageProps = { token: string; view: PublicView };

/**
 * A read-only project behind a public link, for visitors without an account. Placeholder: loading
 * GET /api/share/{token}, the views and the 'Access Denied' card come with the public-share issue.
 */
export function PublicSharePage({ token, view }: PublicSharePageProps) {
  useDocumentTitle();
  const tabs = PUBLIC_VIEWS.map((name) => ({
    value: name,
    label: VIEW_LABELS[name],
    href: sharePath(token, name),
  }));

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
      <main className="flex flex-1 flex-col gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-semibold tracking-tight">Shared project</h1>
        <ViewTabs tabs={tabs} active={view} label="Project views" />
        <EmptyState
          title={`${VIEW_LABELS[view]} view`}
          description={`The shared project's ${VIEW_LABELS[view].toLowerCase()} view will appear here.`}
          className="min-h-80"
        />
      </main>
      <footer className="border-t px-4 py-4 text-center text-sm text-muted-foreground">
        This is a read-only view of a shared project.{" "}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Create your own projects
        </Link>
      </footer>
    </div>
  );
}
