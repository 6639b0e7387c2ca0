/** Queries of the signed-in user's own account: password and profile. */
import { and, eq, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysUser } from "../../db/schema.js";

/** JeecgBoot's password rule (`PasswordModal.vue`): a letter, a digit and a symbol, at least 8 characters. */
export const PASSWORD_POLICY = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PASSWORD_POLICY_MESSAGE = "密码由8位数字、大小写字母和特殊符号组成!";

export async function setPasswordHash(db: Db, userId: string, hash: string, updatedBy: string): Promise<void> {
  await db.update(sysUser).set({ password: hash, updateBy: updatedBy, updateTime: new Date() }).where(eq(sysUser.id, userId));
}

export interface ProfileChanges {
  realname?: string;
  avatar?: string | null;
  sex?: number | null;
  birthday?: string | null;
  email?: string | null;
  phone?: string | null;
  telephone?: string | null;
}

/** Which of the unique contact fields another (not deleted) user already holds. */
export async function contactTakenBy(db: Db, userId: string, email?: string | null, phone?: string | null) {
  const checks = [email ? eq(sysUser.email, email) : undefined, phone ? eq(sysUser.phone, phone) : undefined].filter(Boolean);
  if (checks.length === 0) return { email: false, phone: false };
  const rows = await db
    .select({ email: sysUser.email, phone: sysUser.phone })
    .from(sysUser)
    .where(and(ne(sysUser.id, userId), or(...checks)));
  return {
    email: Boolean(email) && rows.some((r) => r.email === email),
    phone: Boolean(phone) && rows.some((r) => r.phone === phone),
  };
}

export async function updateProfile(db: Db, userId: string, changes: ProfileChanges, updatedBy: string): Promise<void> {
  await db.update(sysUser).set({ ...changes, updateBy: updatedBy, updateTime: new Date() }).where(eq(sysUser.id, userId));
}
