/** Sessions and the permission codes a session carries. The session row is the truth; the JWT only names it. */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createSecretKey, type KeyObject } from "node:crypto";
import { EventEmitter } from "node:events";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../../db/client.js";
import { sysDepartRolePermission, sysDepartRoleUser, sysPermission, sysRolePermission, sysSession, sysUser, sysUserRole } from "../../db/schema.js";
import { uuid32 } from "../../lib/ids.js";
import type { TableVersions } from "../../lib/table-versions.js";
import { ALL_VERSIONS_JSON, type VersionedCache, type VersionSnapshot } from "../../lib/versioned-cache.js";

export interface SessionUser {
  sessionId: string;
  userId: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  /** Table versions read with the session, for exact caches used during this request. */
  versions: VersionSnapshot;
}

export interface SessionOptions {
  secret: Uint8Array;
  idleMinutes: number;
  maxHours: number;
}

/** `sys_user.status` of a frozen user, and the revoke reason freezing writes (`revokeUser(id, "frozen")`). */
const FROZEN_STATUS = 2;
export const FROZEN_REVOKE_REASON = "frozen";
/** What `authenticate` answers for a session whose user was frozen. */
export const FROZEN = Symbol("frozen");

/** Touching a session (sliding its idle expiry) is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_VERIFIED_TOKENS = 10_000;
const MAX_HELD_SESSIONS = 10_000;
/** The tables whose versions say a held session row may have changed: a revocation, or its user edited. */
const SESSION_TABLES = ["sys_session", "sys_user"] as const;
/** The tables a user's permission codes are computed from (role grants and department-role grants). */
export const PERMISSION_TABLES = ["sys_user_role", "sys_role_permission", "sys_depart_role_user", "sys_depart_role_permission", "sys_permission"] as const;

/** The session row `authenticate` reads, with its user. */
interface SessionRow {
  userId: string;
  lastSeen: Date;
  created: Date;
  expire: Date;
  revoked: Date | null;
  revokeReason: string | null;
  username: string;
  realname: string | null;
  orgCode: string | null;
  status: number | null;
  delFlag: number | null;
  versions: Record<string, number> | null;
}

/** What ended: one session (logout), or every session of a user but the spared one (password change, freezing). */
export type Revocation = { sessionId: string } | { userId: string; except?: string };

export class SessionService {
  /**
   * `revoked` (a `Revocation`) after a revocation is written: the realtime module closes the sockets of the
   * ended sessions (on every instance, through Redis when several run).
   */
  readonly events = new EventEmitter<{ revoked: [Revocation] }>();
  /** A key object, so jose does not import the raw secret again on every verification. */
  private key: KeyObject;
  /**
   * Session ids of tokens whose signature was already verified, by exact token. Only saves the HMAC; the
   * session row is still checked on every request (read, or held until a revocation is announced).
   */
  private verifiedTokens = new Map<string, { sid: string; exp: number }>();
  /**
   * Session rows read while the table versions were kept in memory (`TableVersions`), with the versions of
   * sys_session and sys_user at the time: a row is used again while neither has moved (a revocation or any
   * edit of a user moves them, on this instance before its statement returns), so a request needs no query.
   */
  private held = new Map<string, { row: SessionRow; at: string }>();
  private findSession;

  constructor(
    private db: Db,
    private cache: VersionedCache,
    private versions: TableVersions | null,
    private opts: SessionOptions,
  ) {
    this.key = createSecretKey(opts.secret);
    // Prepared once: this runs on every authenticated request.
    this.findSession = db
      .select({
        userId: sysSession.userId,
        lastSeen: sysSession.lastSeenTime,
        created: sysSession.createTime,
        expire: sysSession.expireTime,
        revoked: sysSession.revokeTime,
        revokeReason: sysSession.revokeReason,
        username: sysUser.username,
        realname: sysUser.realname,
        orgCode: sysUser.orgCode,
        status: sysUser.status,
        delFlag: sysUser.delFlag,
        versions: ALL_VERSIONS_JSON,
      })
      .from(sysSession)
      .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
      .where(eq(sysSession.id, sql.placeholder("sid")))
      .prepare("session_find");
  }

  async create(user: { id: string; username: string }, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const id = uuid32();
    const now = Date.now();
    await this.db.insert(sysSession).values({
      id,
      userId: user.id,
      username: user.username,
      ip: meta.ip?.slice(0, 100),
      userAgent: meta.userAgent?.slice(0, 500),
      expireTime: new Date(Math.min(now + this.opts.idleMinutes * 60_000, now + this.opts.maxHours * 3_600_000)),
    });
    return new SignJWT({ sid: id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + this.opts.maxHours * 3600)
      .sign(this.key);
  }

  /** The live session a token names, or null when the token is forged, expired, revoked or its user is gone. */
  async verify(token: string): Promise<SessionUser | null> {
    const found = await this.authenticate(token);
    return found === FROZEN ? null : found;
  }

  /**
   * Like `verify`, but tells a session that ended because its user was frozen (`FROZEN`) from every other
   * failure (null), so the request can be answered 该用户已冻结 rather than an expired login. A session
   * counts as frozen while its user is frozen and it was either still open or revoked by the freezing;
   * an expired session, or one revoked for another reason (logout, password change), stays null.
   */
  async authenticate(token: string): Promise<SessionUser | typeof FROZEN | null> {
    const sid = await this.tokenSessionId(token);
    if (!sid) return null;
    const live = this.versions?.snapshot() ?? null;
    const now = Date.now();
    let row: SessionRow | undefined = live ? this.heldRow(sid, live, now) : undefined;
    if (!row) {
      // The versions are taken before the read: a revocation that commits after it moves them, so the row read
      // now is never kept past it.
      const at = live ? this.heldKey(live) : "";
      [row] = await this.findSession.execute({ sid });
      if (live && row) this.hold(sid, row, at);
    }
    if (!row || row.expire.getTime() <= now || row.delFlag !== 0) return null;
    if (row.status === FROZEN_STATUS && (!row.revoked || row.revokeReason === FROZEN_REVOKE_REASON)) return FROZEN;
    if (row.revoked || row.status !== 1) return null;
    if (now - row.lastSeen.getTime() > TOUCH_INTERVAL_MS) {
      const expire = Math.min(now + this.opts.idleMinutes * 60_000, row.created.getTime() + this.opts.maxHours * 3_600_000);
      await this.db
        .update(sysSession)
        .set({ lastSeenTime: new Date(now), expireTime: new Date(expire) })
        .where(eq(sysSession.id, sid));
      // A held row slides with it (the touch moves no version: migration 0016 leaves it out).
      row.lastSeen = new Date(now);
      row.expire = new Date(expire);
    }
    return {
      sessionId: sid,
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      orgCode: row.orgCode,
      versions: live ?? new Map(Object.entries(row.versions ?? {}).map(([k, v]) => [k, Number(v)])),
    };
  }

  private heldKey(live: VersionSnapshot): string {
    return `${this.versions!.generation}:${SESSION_TABLES.map((t) => live.get(t) ?? 0).join(":")}`;
  }

  /** The held row of `sid` if nothing may have changed it; one that looks expired is read again (another instance may have slid it). */
  private heldRow(sid: string, live: VersionSnapshot, now: number): SessionRow | undefined {
    const held = this.held.get(sid);
    if (!held) return undefined;
    if (held.at !== this.heldKey(live) || held.row.expire.getTime() <= now) {
      this.held.delete(sid);
      return undefined;
    }
    return held.row;
  }

  private hold(sid: string, row: SessionRow, at: string): void {
    this.held.delete(sid);
    if (this.held.size >= MAX_HELD_SESSIONS) this.held.delete(this.held.keys().next().value!);
    this.held.set(sid, { row, at });
  }

  private async tokenSessionId(token: string): Promise<string | null> {
    const known = this.verifiedTokens.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known.sid : null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      if (typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
      if (this.verifiedTokens.size >= MAX_VERIFIED_TOKENS) this.verifiedTokens.delete(this.verifiedTokens.keys().next().value!);
      this.verifiedTokens.set(token, { sid: payload.sid, exp: payload.exp });
      return payload.sid;
    } catch {
      return null;
    }
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sysSession)
      .set({ revokeTime: new Date(), revokeReason: reason })
      .where(and(eq(sysSession.id, sessionId), isNull(sysSession.revokeTime)));
    this.events.emit("revoked", { sessionId });
  }

  /** Ends every session of a user (password change, freezing, forced logout), optionally sparing one. */
  async revokeUser(userId: string, reason: string, except?: string): Promise<void> {
    await this.db
      .update(sysSession)
      .set({ revokeTime: new Date(), revokeReason: reason })
      .where(
        and(
          eq(sysSession.userId, userId),
          isNull(sysSession.revokeTime),
          except ? sql`${sysSession.id} <> ${except}` : undefined,
        ),
      );
    this.events.emit("revoked", except ? { userId, except } : { userId });
  }

  /** The permission codes (sys_permission.perms of granted, valid rows) a user holds through their roles. */
  permissionCodes(userId: string, versions?: VersionSnapshot): Promise<Set<string>> {
    return this.cache.get(`permission-codes:${userId}`, PERMISSION_TABLES, () => this.loadPermissionCodes(userId), versions);
  }

  /**
   * The menu components a user holds (menus and folders granted through roles and department roles, not
   * deleted): a list that names its menu (`ListSpec.component`) answers only holders of that menu.
   */
  grantedMenus(userId: string, versions?: VersionSnapshot): Promise<ReadonlySet<string>> {
    return this.cache.get(`granted-menus:${userId}`, PERMISSION_TABLES, () => this.loadGrantedMenus(userId), versions);
  }

  private async loadGrantedMenus(userId: string): Promise<ReadonlySet<string>> {
    const rows = await this.db
      .selectDistinct({ component: sysPermission.component })
      .from(sysPermission)
      .where(
        and(
          inArray(sysPermission.id, directPermissionIds(this.db, userId)),
          eq(sysPermission.delFlag, 0),
          inArray(sysPermission.menuType, [0, 1]),
          sql`${sysPermission.component} is not null and ${sysPermission.component} <> ''`,
        ),
      );
    return new Set(rows.map((r) => r.component!));
  }

  private async loadPermissionCodes(userId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectDistinct({ perms: sysPermission.perms })
      .from(sysPermission)
      .where(
        and(
          inArray(sysPermission.id, grantedPermissionIds(this.db, userId)),
          eq(sysPermission.delFlag, 0),
          sql`${sysPermission.perms} is not null and ${sysPermission.perms} <> ''`,
          sql`(${sysPermission.menuType} <> 2 or ${sysPermission.status} = '1')`,
        ),
      );
    const codes = new Set<string>();
    for (const { perms } of rows) for (const code of perms!.split(",")) if (code.trim()) codes.add(code.trim());
    return codes;
  }
}

/**
 * Ids of the permissions granted to a user: through their roles, and through the department roles they
 * were given (contract.md §7.1). A subquery, so callers filter and join it in one statement.
 */
function directPermissionIds(db: Db, userId: string) {
  return db
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .where(eq(sysUserRole.userId, userId))
    .union(
      db
        .select({ id: sysDepartRolePermission.permissionId })
        .from(sysDepartRolePermission)
        .innerJoin(sysDepartRoleUser, eq(sysDepartRoleUser.droleId, sysDepartRolePermission.roleId))
        .where(eq(sysDepartRoleUser.userId, userId)),
    );
}

/**
 * A menu's list button: a button row (menu_type 2) directly under the menu whose `perms` is one code ending
 * in `:list` (e.g. 用户查询 `system:user:list` under 用户管理). Granting a menu (menu_type 0 or 1) implies its
 * list button, so a page granted on its own can read its own list (docs/security.md). Only enabled, live
 * rows count, on both sides.
 */
export const LIST_CODE_PATTERN = "%:list";

/**
 * Ids of the permissions a user holds: those granted (see `directPermissionIds`) plus the list buttons of
 * granted menus. A subquery, so callers filter and join it in one statement; used for the permission codes
 * the server checks and for the `auth` list the console shows buttons by, so both agree.
 */
export function grantedPermissionIds(db: Db, userId: string) {
  const menu = alias(sysPermission, "granted_menu");
  return directPermissionIds(db, userId).union(
    db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .innerJoin(menu, eq(menu.id, sysPermission.parentId))
      .where(
        and(
          inArray(menu.id, directPermissionIds(db, userId)),
          inArray(menu.menuType, [0, 1]),
          eq(menu.delFlag, 0),
          eq(sysPermission.menuType, 2),
          eq(sysPermission.delFlag, 0),
          eq(sysPermission.status, "1"),
          sql`${sysPermission.perms} like ${LIST_CODE_PATTERN}`,
          sql`position(',' in ${sysPermission.perms}) = 0`,
        ),
      ),
  );
}
