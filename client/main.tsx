import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { startThemeSync } from "@/lib/theme/theme-store";
import "./index.css";

// Before the first render, from this browser's cached choice and the system's setting, so the
// page never flashes in the other theme while the user's own choice loads.
startThemeSync();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
