import type { PublicProjectDto } from "@core/schemas/sharing";
import type * as React from "react";
import { useMemo } from "react";
import { ProjectProvider } from "@/features/project/project-context";
import { publicProjectContext } from "@/features/project/public/public-project";

/**
 * The project context of a public link, so the project views render read-only from the share data
 * canEdit false, and the categories from the share data.
 */
export function PublicProjectProvider({
  token,
  data,
  children,
}: {
  token: string;
  data: PublicProjectDto;
  children: React.ReactNode;
}) {
  const value = useMemo(() => publicProjectContext(token, data), [token, data]);
  return <ProjectProvider value={value}>{children}</ProjectProvider>;
}
