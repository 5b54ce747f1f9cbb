// The words of activity entries as the open project names things: categories and people by name
// (an entry stores only their ids), and an undo told as the change it goes back to when the entries
// at hand hold it.
import { type DescribeOptions, describeActivity, describeChange } from "@core/activity/describe";
import type { ActivityEntryDto } from "@core/schemas/activity";
import { userDisplayName } from "@core/users/display-name";
import { useMemo } from "react";
import { useCategories } from "@/entities/category/api/get-categories";
import { useShares } from "@/entities/share/api/get-shares";

/** The names an entry's ids stand for in this project: its categories and its people. */
export function useActivityNames(projectId: number): DescribeOptions {
  const categories = useCategories(projectId).data;
  const members = useShares(projectId).data;
  return useMemo(() => {
    const categoryNames = new Map((categories ?? []).map((category) => [category.id, category.name]));
    const people = new Map<number, string>();
    if (members) {
      people.set(members.owner.id, userDisplayName(members.owner));
      for (const { user } of members.shares) if (user) people.set(user.id, userDisplayName(user));
    }
    return { categoryName: (id) => categoryNames.get(id), personName: (id) => people.get(id) };
  }, [categories, members]);
}

/**
 * `describeActivity` and `describeChange` with the project's names, and `entries` to find what an
 * undo or a redo went back to.
 */
export function useActivityWords(projectId: number, entries: readonly ActivityEntryDto[]) {
  const names = useActivityNames(projectId);
  return useMemo(() => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const options: DescribeOptions = { ...names, entryById: (id) => byId.get(id) };
    return {
      line: (entry: ActivityEntryDto) => describeActivity(entry, options),
      change: (entry: ActivityEntryDto) => describeChange(entry, options),
    };
  }, [names, entries]);
}
