import type { PresenceUser } from "@core/schemas/events";
import { Users } from "lucide-react";
import { getInitials } from "@/lib/initials";

/** Who else has this project open right now (live, from the project's event stream). */
export function PresenceList({ users }: { users: PresenceUser[] }) {
  if (users.length === 0) return null;
  const names = users.map((user) => user.name).join(", ");
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
      <Users className="size-3.5" aria-hidden />
      <div className="flex -space-x-1.5" aria-hidden>
        {users.slice(0, 5).map((user) => (
          <span
            key={user.id}
            title={user.name}
            className="flex size-6 items-center justify-center rounded-full border-2 border-background bg-accent text-[10px] font-semibold text-accent-foreground"
          >
            {getInitials(user.name)}
          </span>
        ))}
      </div>
      <span className="truncate">Also here: {names}</span>
    </div>
  );
}
