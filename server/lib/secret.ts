import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The JWT signing secret: JWT_SECRET when set, otherwise generated once per install and kept in the data
 * directory (mode 0600). Never a constant in the code.
 */
export function loadJwtSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured) {
    if (configured.length < 32) throw new Error("JWT_SECRET 至少需要 32 个字符");
    return new TextEncoder().encode(configured);
  }
  const file = path.join(dataDir, "jwt-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}
