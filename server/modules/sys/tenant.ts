/**
 * `/sys/tenant` — tenants are not modelled yet (every user belongs to the single default tenant), so the
 * active-tenant list the user form and the login tenant picker read is always empty (contract.md §10.13).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";
import { UNSCOPED } from "./shared.js";

export default async function tenantRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/sys/tenant/queryList",
    { config: { ...signedIn, rows: { ids: UNSCOPED.tenants } }, schema: { querystring: Type.Object({ ids: Type.Optional(Type.String({ title: "编号列表", maxLength: 4000 })) }, { additionalProperties: true }) } },
    async () => ok([]),
  );
}
