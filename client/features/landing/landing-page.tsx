import { FeatureCards } from "@/features/landing/components/feature-cards";
import { Hero } from "@/features/landing/components/hero";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { PricingSection } from "@/features/landing/components/pricing-section";
import { TrialSignupDialog } from "@/features/landing/components/trial-signup-dialog";
import { UseCaseCards } from "@/features/landing/components/use-case-cards";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The public front page. Signed-in visitors never see it: the router sends them on. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="flex min-h-full flex-col bg-background">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <UseCaseCards />
        <FeatureCards />
        <PricingSection />
      </main>
      <LandingFooter />
      <TrialSignupDialog />
    </div>
  );
}
