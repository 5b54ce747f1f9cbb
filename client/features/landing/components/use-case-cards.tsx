import {
  CalendarDays,
  GitBranch,
  GraduationCap,
  HousePlus,
  type LucideIcon,
  Rocket,
  Target,
} from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IconTile, LandingSection } from "./landing-section";

type UseCase = { icon: LucideIcon; title: string; who: string; description: string; chain: string[] };

const USE_CASES: UseCase[] = [
  {
    icon: Rocket,
    title: "Product launches",
    who: "Product and marketing teams",
    description: "Line up research, design, pricing and the launch campaign, and see what holds up the date.",
    chain: ["Research", "Positioning", "Launch"],
  },
  {
    icon: GitBranch,
    title: "Software releases",
    who: "Engineering leads",
    description:
      "Map features, reviews and migrations, so the release train leaves with everything it needs.",
    chain: ["Schema change", "API", "Release"],
  },
  {
    icon: CalendarDays,
    title: "Events",
    who: "Event planners",
    description:
      "Venue, speakers, catering and invitations: book things in the order they depend on each other.",
    chain: ["Venue", "Invitations", "RSVPs"],
  },
  {
    icon: Target,
    title: "Personal goals",
    who: "Anyone with a big goal",
    description: "Break a goal into steps and let My Tasks show only the ones you can do today.",
    chain: ["Plan", "Practice", "Run the race"],
  },
  {
    icon: HousePlus,
    title: "Home renovations",
    who: "Homeowners and contractors",
    description: "Electrics before plaster, plaster before paint. Share a read-only link with the builder.",
    chain: ["Wiring", "Plaster", "Paint"],
  },
  {
    icon: GraduationCap,
    title: "Research and study",
    who: "Students and researchers",
    description: "Plan reading, experiments and chapters with the deadlines on a Gantt timeline.",
    chain: ["Literature", "Experiments", "Thesis"],
  },
];

export function UseCaseCards() {
  return (
    <LandingSection
      id="use-cases"
      eyebrow="Use cases"
      title="Built for work that happens in order"
      lead="Whenever one thing has to wait for another, a dependency graph says what to do next."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {USE_CASES.map(({ icon, title, who, description, chain }) => (
          <li key={title}>
            <Card className="flex h-full flex-col">
              <CardHeader className="gap-3 pb-4">
                <div className="flex items-center gap-3">
                  <IconTile icon={icon} className="shrink-0" />
                  <div className="min-w-0">
                    <CardTitle className="text-base">
                      <h3>{title}</h3>
                    </CardTitle>
                    <p className="mt-1 text-xs text-muted-foreground">{who}</p>
                  </div>
                </div>
                <CardDescription className="leading-relaxed">{description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <p className="sr-only">Example: {chain.join(", then ")}.</p>
                <div className="flex flex-wrap items-center gap-1.5" aria-hidden>
                  {chain.map((step, index) => (
                    <span key={step} className="inline-flex items-center gap-1.5">
                      {index > 0 && <span className="text-muted-foreground">→</span>}
                      <span className="rounded-md border bg-muted/60 px-2 py-0.5 text-xs font-medium text-secondary-foreground">
                        {step}
                      </span>
                    </span>
                  ))}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
