/**
 * The per-request hook of the HTTP server page and the request trace (issue 11): one synchronous
 * `onResponse` hook and the server's connection events feed `HttpMetrics`. `HTTP_TRACE=false` leaves both
 * out (the figures then read as switched off), which is how the cost of them is measured (docs/performance.md).
 * Requests under the API prefix enter the trace, except OPTIONS and routes marked `trace: false` (the
 * monitoring routes themselves, which the pages poll).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpMetrics } from "./http-metrics.js";
import { startRuntimeSamplers } from "./runtime.js";

declare module "fastify" {
  interface FastifyInstance {
    httpMetrics: HttpMetrics;
  }
  interface FastifyContextConfig {
    /** false: the route's requests are counted but never enter the request trace. */
    trace?: boolean;
  }
}

export default fp(async function monitorHooks(app: FastifyInstance, opts: { enabled: boolean; apiPrefix: string }) {
  const metrics = new HttpMetrics(opts.enabled);
  app.decorate("httpMetrics", metrics);
  startRuntimeSamplers();
  if (!opts.enabled) return;

  const onClose = () => metrics.connectionClosed();
  app.server.on("connection", (socket) => {
    metrics.connectionOpened();
    socket.once("close", onClose);
  });

  const prefix = opts.apiPrefix;
  app.addHook("onResponse", (req, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const now = Date.now();
    metrics.record(status, ms, now);
    if (req.method !== "OPTIONS" && req.routeOptions.config.trace !== false && req.url.startsWith(prefix)) {
      metrics.trace(req.method, req.url, status, ms, req.headers, req.ip, now);
    }
    done();
  });
});
