/** `/sys/permission` — what the signed-in user may see and do (contract.md §7). */
import type { FastifyInstance } from "fastify";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";
import { userPermissions } from "./permission.repo.js";
import { PERMISSION_TABLES } from "./session.repo.js";

export default async function permissionRoutes(app: FastifyInstance) {
  const { db, cache } = app.ctx;

  app.get("/sys/permission/getUserPermissionByToken", { config: signedIn }, async (req) => {
    const { userId, versions } = req.currentUser();
    return ok(await cache.get(`user-permissions:${userId}`, PERMISSION_TABLES, () => userPermissions(db, userId), versions));
  });
}
