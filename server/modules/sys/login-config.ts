/**
 * What the login form needs to know before anyone signs in (an addition; JeecgBoot has no such endpoint and
 * always shows its captcha). `captcha` follows `LOGIN_CAPTCHA`, so the console hides the field when the
 * server does not check it.
 */
import type { FastifyInstance } from "fastify";
import type { LoginConfig } from "../../../contract/index.js";
import { ok } from "../../lib/envelope.js";
import { anonymous } from "../../plugins/auth.js";

export default async function loginConfigRoutes(app: FastifyInstance) {
  const { config } = app.ctx;

  app.get("/sys/loginConfig", { config: anonymous }, async () => {
    const result: LoginConfig = { captcha: config.loginCaptcha };
    return ok(result);
  });
}
