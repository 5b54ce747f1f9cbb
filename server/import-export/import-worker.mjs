// The import worker's entry (docs/decisions/031-imports-off-the-request-thread.md): the process
// starts with only its heap cap as a flag, so the TypeScript loader the server runs under (tsx) is
// registered here, with the repository's tsconfig for the @core/ paths, before the loop is loaded.
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../../tsconfig.json", import.meta.url).pathname });
await import("./import-worker.ts");
