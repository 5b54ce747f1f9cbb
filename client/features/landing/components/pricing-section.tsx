import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";
import { cn } from "@/lib/utils";
import { LandingSection } from "./landing-section";

export const SALES_EMAIL = "sales@example.com";

type Plan = {
  name: string;
  price: string;
  period: string;
  summary: string;
  includesLabel: string;
  includes: string[];
  popular?: boolean;
  action: { label: string } & ({ signup: true } | { href: string });
};

const PLANS: Plan[] = [
  {
    name: "Free",
    price: "$0",
    period: "per month",
    summary: "For planning on your own.",
    includesLabel: "Includes",
    includes: ["Unlimited personal projects", "Graph and list views", "Identification of unblocked tasks"],
    action: { label: "Get Started Free", signup: true },
  },
  {
    name: "Team",
    price: "$10",
    period: "per user per month",
    summary: "For planning as a team.",
    includesLabel: "Everything in Free, plus",
    includes: ["Unlimited shared projects", "Collaboration", "Task assignments", "Priority support"],
    popular: true,
    action: { label: "Start with Team", signup: true },
  },
  {
    name: "Enterprise",
    price: "Custom",
    period: "tailored to your needs",
    summary: "For whole organisations.",
    includesLabel: "Everything in Team, plus",
    includes: ["Volume pricing", "Onboarding for your teams", "A dedicated contact"],
    action: {
      label: "Contact Sales",
      href: `mailto:${SALES_EMAIL}?subject=Visual%20Project%20Planner%20Enterprise`,
    },
  },
];

export function PricingSection() {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing that grows with your team"
      lead="Start free on your own. Upgrade when you plan together."
    >
      <ul className="mx-auto grid max-w-md gap-6 md:max-w-none md:grid-cols-3 md:gap-4 lg:gap-6">
        {PLANS.map((plan) => (
          <li key={plan.name} className="flex">
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { action } = plan;
  return (
    <Card
      className={cn(
        "relative flex w-full flex-col",
        plan.popular && "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary",
      )}
      aria-label={`${plan.name} plan`}
      role="group"
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">Most Popular</Badge>
      )}
      <CardHeader className="gap-2 md:p-5 lg:p-6">
        <CardTitle className="text-lg">
          <h3>{plan.name}</h3>
        </CardTitle>
        <CardDescription>{plan.summary}</CardDescription>
        <p className="mt-3">
          <span className="block text-4xl font-bold tracking-tight">{plan.price}</span>
          <span className="mt-1 block text-sm text-muted-foreground">{plan.period}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1 md:px-5 lg:px-6">
        <p className="mb-3 text-sm font-medium">{plan.includesLabel}</p>
        <ul className="space-y-2.5 text-sm">
          {plan.includes.map((item) => (
            <li key={item} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="md:px-5 md:pb-5 lg:px-6 lg:pb-6">
        {"href" in action ? (
          <Button variant="outline" className="w-full" asChild>
            <a href={action.href}>{action.label}</a>
          </Button>
        ) : (
          <Button
            variant={plan.popular ? "default" : "outline"}
            className="w-full"
            onClick={() => navigateToServerPage(AUTH_PATHS.signup)}
          >
            {action.label}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
