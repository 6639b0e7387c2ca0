/**
 * Health answers for load balancers and orchestrators, shaped like Spring Boot actuator's:
 * - `GET /actuator/health`: `{"status":"UP","components":{"db":{"status":"UP"},"redis":{"status":"UP"}}}`,
 *   503 with DOWN when a component is down (redis only when REDIS_URL is set);
 * - `GET /actuator/health/liveness`: 200 UP while the process serves requests;
 * - `GET /actuator/health/readiness`: 503 DOWN while the database is unreachable or the server is draining
 *   for shutdown (Redis does not count: everything but sign-in still works without it).
 * Anonymous, and they say nothing but statuses: no versions, hosts or error texts.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { anonymous } from "../plugins/auth.js";

type Status = "UP" | "DOWN";
const PING_TIMEOUT_MS = 2_000;

function answer(reply: FastifyReply, body: { status: Status; components?: Record<string, { status: string }> }) {
  return reply
    .status(body.status === "UP" ? 200 : 503)
    .header("cache-control", "no-store")
    .send(body);
}

export default async function healthRoutes(app: FastifyInstance) {
  const { health, redis } = app.ctx;
  // Probes come every few seconds: keep them out of the info-level request log.
  const opts = { config: anonymous, logLevel: "warn" as const };

  const dbStatus = async (): Promise<Status> => ((await health.pingDb(PING_TIMEOUT_MS)) ? "UP" : "DOWN");
  const redisStatus = async (): Promise<Status> => {
    if (!redis) return "UP";
    try {
      await redis.ping();
      return "UP";
    } catch {
      return "DOWN";
    }
  };

  app.get("/actuator/health", opts, async (_req, reply) => {
    const [db, cache] = await Promise.all([dbStatus(), redisStatus()]);
    const components: Record<string, { status: Status }> = { db: { status: db } };
    if (redis) components.redis = { status: cache };
    return answer(reply, { status: Object.values(components).every((c) => c.status === "UP") ? "UP" : "DOWN", components });
  });

  app.get("/actuator/health/liveness", opts, async (_req, reply) => answer(reply, { status: "UP" }));

  app.get("/actuator/health/readiness", opts, async (_req, reply) => {
    const db = await dbStatus();
    const accepting = !health.draining;
    return answer(reply, {
      status: db === "UP" && accepting ? "UP" : "DOWN",
      components: { db: { status: db }, readinessState: { status: accepting ? "UP" : "OUT_OF_SERVICE" } },
    });
  });
}
