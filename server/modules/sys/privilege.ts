/**
 * Delegated user administration (docs/security.md "Delegated administration"). A user who holds a user-
 * administration code (`system:user:edit`, `system:role:edit`, `system:departUser:add` …) but not the admin
 * role may only
 * - act on accounts whose privileges are within their own: every live permission the target holds
 *   (through roles and department roles) is one the actor holds too, and the target does not hold the
 *   admin role;
 * - grant roles (and department roles) that they hold themselves;
 * - grant menus and buttons (to a role, a department or a department role) that they hold themselves, and
 *   never change what the admin role grants.
 * Holders of the admin role keep full power. Checks are set-based: one query for any number of targets.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sysDepartRolePermission, sysDepartRoleUser, sysPermission, sysRole, sysRolePermission, sysUserRole } from "../../db/schema.js";
import { grantedPermissionIds } from "./session.repo.js";
import { forbidden } from "../../lib/envelope.js";

/** The role whose holders may do everything (JeecgBoot's `admin`). */
export const ADMIN_ROLE_CODE = "admin";

export const OUTRANKED_MESSAGE = "不能操作权限高于自己的用户";
export const ROLE_NOT_HELD_MESSAGE = "不能授予自己没有的角色";
export const DEPART_ROLE_NOT_HELD_MESSAGE = "不能授予自己没有的部门角色";
export const PERMISSION_NOT_HELD_MESSAGE = "不能授予自己没有的菜单或按钮权限";
export const ADMIN_ROLE_GRANTS_MESSAGE = "只有管理员可以修改管理员角色的授权";

/** Permission rows that grant something: not deleted, and (for buttons) enabled — as permission codes load. */
const livePermission = and(eq(sysPermission.delFlag, 0), sql`(${sysPermission.menuType} <> 2 or ${sysPermission.status} = '1')`);

export async function holdsAdminRole(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sysUserRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.roleCode, ADMIN_ROLE_CODE)))
    .limit(1);
  return Boolean(row);
}

/** Those of `targetIds` who hold the admin role or a live permission that `actorId` lacks. */
export async function outrankingUsers(db: Db, actorId: string, targetIds: string[]): Promise<string[]> {
  if (!targetIds.length) return [];
  const actorGrants = grantedPermissionIds(db, actorId);
  const rows = await db
    .selectDistinct({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRolePermission, eq(sysRolePermission.roleId, sysUserRole.roleId))
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(inArray(sysUserRole.userId, targetIds), livePermission, notInArray(sysRolePermission.permissionId, actorGrants)))
    .union(
      db
        .selectDistinct({ userId: sysDepartRoleUser.userId })
        .from(sysDepartRoleUser)
        .innerJoin(sysDepartRolePermission, eq(sysDepartRolePermission.roleId, sysDepartRoleUser.droleId))
        .innerJoin(sysPermission, eq(sysPermission.id, sysDepartRolePermission.permissionId))
        .where(and(inArray(sysDepartRoleUser.userId, targetIds), livePermission, notInArray(sysDepartRolePermission.permissionId, actorGrants))),
    )
    .union(
      db
        .selectDistinct({ userId: sysUserRole.userId })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(and(inArray(sysUserRole.userId, targetIds), eq(sysRole.roleCode, ADMIN_ROLE_CODE))),
    );
  return rows.map((r) => r.userId);
}

/** What one signed-in user may do to other accounts. */
export class Delegation {
  private constructor(
    private db: Db,
    readonly actorId: string,
    readonly admin: boolean,
  ) {}

  static async of(db: Db, actorId: string): Promise<Delegation> {
    return new Delegation(db, actorId, await holdsAdminRole(db, actorId));
  }

  /** Refuses (403) when any target holds more privileges than the actor. */
  async assertMayManage(targetIds: string[]): Promise<void> {
    if (this.admin || !targetIds.length) return;
    if ((await outrankingUsers(this.db, this.actorId, [...new Set(targetIds)])).length) throw forbidden(OUTRANKED_MESSAGE);
  }

  /** Refuses (403) when the actor does not hold every one of these roles. */
  async assertMayGrantRoles(roleIds: string[]): Promise<void> {
    const ids = [...new Set(roleIds)];
    if (this.admin || !ids.length) return;
    const held = await this.db
      .select({ id: sysUserRole.roleId })
      .from(sysUserRole)
      .where(and(eq(sysUserRole.userId, this.actorId), inArray(sysUserRole.roleId, ids)));
    if (held.length !== ids.length) throw forbidden(ROLE_NOT_HELD_MESSAGE);
  }

  /** Refuses (403) when the actor does not hold every one of these department roles. */
  async assertMayGrantDepartRoles(droleIds: string[]): Promise<void> {
    const ids = [...new Set(droleIds)];
    if (this.admin || !ids.length) return;
    const held = await this.db
      .select({ id: sysDepartRoleUser.droleId })
      .from(sysDepartRoleUser)
      .where(and(eq(sysDepartRoleUser.userId, this.actorId), inArray(sysDepartRoleUser.droleId, ids)));
    if (held.length !== ids.length) throw forbidden(DEPART_ROLE_NOT_HELD_MESSAGE);
  }

  /**
   * Refuses (403) when the actor adds menus or buttons to a role, department or department role that they
   * do not hold themselves (through their roles, department roles, or a granted page's list button).
   */
  async assertMayGrantPermissions(permissionIds: string[]): Promise<void> {
    const ids = [...new Set(permissionIds)];
    if (this.admin || !ids.length) return;
    const held = await this.db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(inArray(sysPermission.id, ids), inArray(sysPermission.id, grantedPermissionIds(this.db, this.actorId))));
    if (held.length !== ids.length) throw forbidden(PERMISSION_NOT_HELD_MESSAGE);
  }

  /** Refuses (403) a change to the admin role's grants by anyone who does not hold the admin role. */
  async assertMayChangeRoleGrants(roleId: string): Promise<void> {
    if (this.admin) return;
    const [role] = await this.db.select({ code: sysRole.roleCode }).from(sysRole).where(eq(sysRole.id, roleId));
    if (role?.code === ADMIN_ROLE_CODE) throw forbidden(ADMIN_ROLE_GRANTS_MESSAGE);
  }
}
