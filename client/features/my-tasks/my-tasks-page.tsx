import { ListChecks } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Placeholder: the grouped list of unblocked tasks comes with the My Tasks issue. */
export function MyTasksPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <PageHeader title="My Tasks" description="Tasks you can start now, across all your projects." />
      <EmptyState
        icon={ListChecks}
        title="Your unblocked tasks will appear here"
        description="Tasks whose prerequisites are all complete, grouped by project."
      />
    </div>
  );
}
