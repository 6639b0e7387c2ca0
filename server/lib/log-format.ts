/**
 * Where the server's log lines go and how they look: readable lines (pino-pretty) for a person at a
 * terminal, one JSON object a line for everything else (log collectors, systemd, docker). `LOG_FORMAT`
 * overrides the choice.
 */
import type { Writable } from "node:stream";

export type LogFormat = "auto" | "pretty" | "json";

export function parseLogFormat(value: string | undefined): LogFormat {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "auto") return "auto";
  if (v === "pretty" || v === "json") return v;
  throw new Error(`环境变量 LOG_FORMAT 只能是 auto、pretty 或 json，当前为 "${value}"`);
}

/** Logger options for Fastify: a pino-pretty stream when the output is a terminal (or `pretty`), else none. */
export async function logDestination(
  format: LogFormat,
  isTTY: boolean,
  destination?: Writable,
): Promise<{ stream?: Writable }> {
  if (format === "json" || (format === "auto" && !isTTY)) return {};
  const { default: pretty } = await import("pino-pretty");
  return {
    stream: pretty({
      colorize: isTTY,
      translateTime: "SYS:yyyy-mm-dd HH:MM:ss",
      ignore: "pid,hostname",
      singleLine: true,
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  };
}
