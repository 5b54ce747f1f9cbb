import { FolderOpen } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Placeholder: the Active, Archived and Shared tabs come with the All Projects issue. */
export function AllProjectsPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <PageHeader title="All Projects" description="Your own projects and the projects shared with you." />
      <EmptyState
        icon={FolderOpen}
        title="Your projects will appear here"
        description="Active, archived and shared projects, each in its own tab."
      />
    </div>
  );
}
