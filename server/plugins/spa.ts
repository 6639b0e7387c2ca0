/**
 * Serves the built console from STATIC_DIR on the same port: real files by path (hashed assets cached for
 * a year), index.html for every other non-API, non-asset path so client routes survive a reload. Files are
 * looked up per request, so a rebuild needs no restart.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { fail } from "../lib/envelope.js";

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export default fp(async function spa(app: FastifyInstance, opts: { root: string; apiPrefix: string }) {
  await app.register(fastifyStatic, { root: opts.root, serve: false });
  const apiPrefix = opts.apiPrefix;

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = decodeURIComponent(req.url.split("?")[0]);
    const isApi = apiPrefix !== "" && (urlPath === apiPrefix || urlPath.startsWith(apiPrefix + "/"));
    if (isApi || !["GET", "HEAD"].includes(req.method)) {
      return reply.status(404).send(fail("路径不存在，请检查路径是否正确", 404));
    }
    const file = path.normalize(path.join(opts.root, urlPath));
    if (file.startsWith(opts.root + path.sep) && isFile(file)) {
      const rel = path.relative(opts.root, file);
      const immutable = rel.startsWith("assets" + path.sep);
      return reply.sendFile(rel, { maxAge: immutable ? "365d" : 0, immutable });
    }
    if (path.extname(urlPath)) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    if (!isFile(path.join(opts.root, "index.html"))) {
      return reply.status(503).type("text/plain; charset=utf-8").send("控制台尚未构建：请先运行 npm run build（npm start 会自动构建）。");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html", { maxAge: 0 });
  });
});
