import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { randomInt } from "node:crypto";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith("$argon2")) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A random password that satisfies the JeecgBoot password rule (letters, digits and a symbol, ≥ 8). */
export function generatePassword(length = 16): string {
  const lower = "abcdefghijkmnopqrstuvwxyz";
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const digits = "23456789";
  const symbols = "@#$%&*+=";
  const all = lower + upper + digits + symbols;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}
