// What the database keeps of a session's token: its SHA-256, so a stolen table holds no cookie.
import { createHash } from "node:crypto";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
