import { PageHeader } from "@/components/page-header";
import { ApiTokensSection } from "@/features/settings/api-tokens-section";
import { NotificationPreferencesSection } from "@/features/settings/notification-preferences-section";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Settings: how the user hears of their work, and the tokens programs use to act as them. */
export function SettingsPage() {
  useDocumentTitle("Settings - Visual Project Planner");
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6">
      <PageHeader title="Settings" description="Your notifications and the API tokens of your programs." />
      <NotificationPreferencesSection />
      <ApiTokensSection />
    </div>
  );
}
