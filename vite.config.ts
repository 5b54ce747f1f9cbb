import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.js";

const apiPort = process.env.PORT ?? "5000";

export default defineConfig({
  root: "client",
  plugins: [react(), tailwindcss(), precompress()],
  // The import aliases (@/ for client, @core/ for core) are set once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: { outDir: "../dist/client", emptyOutDir: true },
  server: {
    // The dev client talks to the API server of `npm run dev`; Host is kept so the server's
    // same-origin check sees the page's own origin.
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
