/** `/sys/permission` — what the signed-in user may see and do (contract.md §7). */
import type { FastifyInstance } from "fastify";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";
import { userPermissions } from "./permission.repo.js";

export default async function permissionRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get("/sys/permission/getUserPermissionByToken", { config: signedIn }, async (req) => {
    return ok(await userPermissions(db, req.currentUser().userId));
  });
}
