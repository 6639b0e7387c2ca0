/**
 * Anonymous self-service endpoints of the login pages (contract.md §4.3, §10.1): SMS codes, phone sign-in,
 * registration, password recovery by phone. This server has no SMS gateway and does not open self-registration, so
 * each answers with a clear refusal after validating its input — the pages work and say why, and no
 * anonymous caller can create accounts or probe which phone numbers exist.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { refused } from "../../lib/envelope.js";
import { verbatim } from "../../lib/field-schema.js";
import { anonymous } from "../../plugins/auth.js";

export const SMS_NOT_CONFIGURED = "短信接口未配置，请联系管理员！";
export const REGISTER_CLOSED = "系统未开放自助注册，请联系管理员开通账号";

const Mobile = Type.String({ title: "手机号", pattern: "^1[3-9]\\d{9}$" });
const limited = { ...anonymous, rateLimit: { max: 10, timeWindow: "1 minute" } };

export default async function selfServiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/sys/sms",
    { config: limited, schema: { body: Type.Object({ mobile: Mobile, smsmode: Type.Union([Type.Literal("0"), Type.Literal("1"), Type.Literal("2")], { title: "短信类型" }) }) } },
    async () => {
      throw refused(SMS_NOT_CONFIGURED);
    },
  );

  // Phone sign-in needs a code sent by SMS; none can have been sent, so every attempt is refused the same way
  // (JeecgBoot would say 手机验证码错误, which would send the user hunting for a code that never comes).
  app.post(
    "/sys/phoneLogin",
    {
      config: limited,
      schema: {
        body: Type.Object({
          mobile: Mobile,
          captcha: Type.String({ title: "验证码", minLength: 1, maxLength: 10 }),
          remember_me: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })], { title: "记住我" })),
        }),
      },
    },
    async () => {
      throw refused(SMS_NOT_CONFIGURED);
    },
  );

  app.post(
    "/sys/user/register",
    {
      config: limited,
      schema: {
        body: Type.Object({
          username: Type.String({ title: "账号", minLength: 1, maxLength: 100 }),
          password: verbatim(Type.String({ title: "密码", minLength: 1, maxLength: 128 })),
          phone: Type.Optional(Mobile),
          smscode: Type.Optional(Type.String({ title: "短信验证码", maxLength: 10 })),
        }),
      },
    },
    async () => {
      throw refused(REGISTER_CLOSED);
    },
  );

  app.post(
    "/sys/user/phoneVerification",
    { config: limited, schema: { body: Type.Object({ phone: Mobile, smscode: Type.String({ title: "短信验证码", minLength: 1, maxLength: 10 }) }) } },
    async () => {
      throw refused(SMS_NOT_CONFIGURED);
    },
  );

  app.get(
    "/sys/user/passwordChange",
    {
      config: limited,
      schema: {
        querystring: Type.Object({
          username: Type.String({ title: "账号", minLength: 1, maxLength: 100 }),
          password: Type.String({ title: "密码", minLength: 1, maxLength: 128 }),
          smscode: Type.String({ title: "短信验证码", minLength: 1, maxLength: 10 }),
          phone: Mobile,
        }, { additionalProperties: true }),
      },
    },
    async () => {
      throw refused(SMS_NOT_CONFIGURED);
    },
  );
}
