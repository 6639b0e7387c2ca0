/**
 * Test-only routes, registered only when ENABLE_TEST_ROUTES=true (the end-to-end setup sets it; it is
 * off by default and must stay off in production). `GET /test/httpStatus/:status` answers that HTTP status
 * with a JeecgBoot envelope, so the console's error catalogue (spec §8) can be exercised row by row;
 * `GET /test/slow?ms=` answers after that long, so shutdown tests have requests truly in flight.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { fail, ok } from "../lib/envelope.js";
import { anonymous } from "../plugins/auth.js";
import playerFixtureRoutes from "./bbh/player-fixture.js";

const Params = Type.Object({ status: Type.Integer({ minimum: 400, maximum: 599 }) });
const SlowQuery = Type.Object({ ms: Type.Integer({ title: "等待毫秒数", minimum: 0, maximum: 5_000 }) });
const Query = Type.Object({ message: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true });

export default async function testRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/test/httpStatus/:status", { config: anonymous, schema: { params: Params, querystring: Query } }, async (req, reply) => {
    const { status } = req.params;
    return reply.status(status).send(fail(req.query.message ?? `测试状态 ${status}`, status));
  });
  app.get("/test/slow", { config: anonymous, schema: { querystring: SlowQuery } }, async (req) => {
    await sleep(req.query.ms);
    return ok(null, "ok");
  });
  await base.register(playerFixtureRoutes);
}
