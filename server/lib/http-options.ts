/**
 * HTTP server settings against slow or stuck clients, and for a graceful shutdown. Node checks the header
 * and request timeouts only every `connectionsCheckingInterval` (30 s by default), so the interval follows
 * the configured timeouts: a timeout of 30 s then cuts a client off after 30–35 s, not after up to 60 s.
 */
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

export function httpServerOptions(
  config: Pick<Config, "requestTimeoutMs" | "headersTimeoutMs" | "connectionTimeoutMs">,
): Pick<FastifyServerOptions, "requestTimeout" | "connectionTimeout" | "return503OnClosing"> & { http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } } {
  const requestTimeout = config.requestTimeoutMs;
  // Node refuses a header timeout longer than the request timeout.
  const headersTimeout = requestTimeout > 0 ? Math.min(config.headersTimeoutMs || requestTimeout, requestTimeout) : config.headersTimeoutMs;
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((t) => t > 0), 30_000);
  return {
    requestTimeout,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(shortest / 4))),
    },
    // While draining on SIGTERM, requests that still arrive on open keep-alive connections are served (with
    // `Connection: close`) instead of a bare 503 that is not a JeecgBoot envelope; readiness answers DOWN.
    return503OnClosing: false,
  };
}
