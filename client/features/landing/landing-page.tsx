import { FeatureCards } from "@/features/landing/components/feature-cards";
import { Hero } from "@/features/landing/components/hero";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The public front page. The interactive demo graph, use cases and pricing come in a later issue. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="flex min-h-full flex-col bg-background">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <FeatureCards />
      </main>
      <LandingFooter />
    </div>
  );
}
