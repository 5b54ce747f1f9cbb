import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` reads this: it diffs server/db/schema.ts against the committed
// migrations and writes the next one. The app applies migrations itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
