/**
 * `/sys/thirdApp` — no third-party apps (WeCom, DingTalk) are integrated, so none is enabled and the Vue 2
 * client's sync buttons (JThirdAppButton) stay hidden.
 */
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";

export default async function thirdAppRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/sys/thirdApp/getEnabledType", { config: signedIn }, async () => ok({ wechatEnterprise: false, dingtalk: false }));
}
