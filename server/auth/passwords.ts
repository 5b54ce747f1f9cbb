import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms here, memory-hard against GPUs.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so an unknown email costs the same time as a
// wrong password and response timing does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword("decoy password that matches nothing");
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
