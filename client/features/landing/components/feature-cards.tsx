import {
  CalendarRange,
  Globe,
  Layers,
  ListChecks,
  type LucideIcon,
  Network,
  Radio,
  Route,
  ShieldCheck,
  SquareKanban,
  Zap,
} from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IconTile, LandingSection } from "./landing-section";

type Feature = { icon: LucideIcon; title: string; description: string };

const FEATURES: Feature[] = [
  {
    icon: Network,
    title: "Dependency graph",
    description:
      "Place tasks on a canvas and draw an arrow from each prerequisite to the task that waits for it.",
  },
  {
    icon: ListChecks,
    title: "Task list",
    description: "Search and filter every task, with a badge that says whether it is waiting or ready.",
  },
  {
    icon: Layers,
    title: "Execution phases",
    description: "Tasks grouped by when they can start: phase 1 can start immediately, the rest follow.",
  },
  {
    icon: CalendarRange,
    title: "Gantt timeline",
    description: "Start and due dates as bars you drag and resize, zoomed from years down to days.",
  },
  {
    icon: SquareKanban,
    title: "Kanban board",
    description: "Move cards between Not Started, In Progress, Blocked and Completed as work goes on.",
  },
  {
    icon: Zap,
    title: "Unblocked tasks",
    description: "My Tasks lists only what you can start now, across all your projects, grouped by project.",
  },
  {
    icon: Route,
    title: "Critical path",
    description: "See the longest chain of dependent work: the tasks that set your finish date.",
  },
  {
    icon: ShieldCheck,
    title: "Sharing by role",
    description:
      "Invite people as viewers, editors or admins; each sees and changes only what the role allows.",
  },
  {
    icon: Globe,
    title: "Public read-only links",
    description: "Publish a plan to clients or the whole company with a link that needs no sign-in.",
  },
  {
    icon: Radio,
    title: "Live collaboration",
    description: "Changes by your teammates appear as they make them, and you see who else is looking.",
  },
];

export function FeatureCards() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="One plan, every way you need to see it"
      lead="Draw the dependencies once. Every view follows from them, so nobody starts work that is still waiting on something else."
      className="border-y bg-muted/40"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {FEATURES.map(({ icon, title, description }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader className="gap-3 p-5">
                <IconTile icon={icon} />
                <CardTitle className="text-base">
                  <h3>{title}</h3>
                </CardTitle>
                <CardDescription className="leading-relaxed">{description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
