import { randomBytes, randomUUID } from "node:crypto";

const EPOCH = 1_288_834_974_657n; // the Twitter/MyBatis-Plus snowflake epoch
const worker = BigInt(randomBytes(2).readUInt16BE() & 0x3ff);
let lastMs = 0n;
let seq = 0n;

/** A 19-digit snowflake id as a string, like MyBatis-Plus ASSIGN_ID (contract.md §1). */
export function nextId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 0xfffn;
    if (seq === 0n) while (now <= lastMs) now = BigInt(Date.now());
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}

/** A 32-hex-char id (UUID without dashes), used by JeecgBoot for departments and sessions. */
export function uuid32(): string {
  return randomUUID().replaceAll("-", "");
}
