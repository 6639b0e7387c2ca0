import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
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

/**
 * The AES-256 key that encrypts data-source passwords at rest: derived from DATA_SOURCE_SECRET when set,
 * otherwise generated once per install and kept in the data directory (mode 0600), like the JWT secret.
 * Several instances sharing one database must share this key.
 */
export function loadDataSourceKey(configured: string | null, dataDir: string): Buffer {
  if (configured) {
    if (configured.length < 32) throw new Error("DATA_SOURCE_SECRET 至少需要 32 个字符");
    return createHash("sha256").update(configured, "utf8").digest();
  }
  const file = path.join(dataDir, "data-source-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return createHash("sha256").update(fs.readFileSync(file, "utf8").trim(), "utf8").digest();
}

const SEALED_PREFIX = "v1:";

/** AES-256-GCM: `v1:` + base64(iv ‖ tag ‖ ciphertext). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
}

/** The plain text of `seal`'s output; throws when the key is wrong or the value was altered. */
export function unseal(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("不是加密后的值");
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64");
  if (raw.length < 28) throw new Error("加密值已损坏");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
