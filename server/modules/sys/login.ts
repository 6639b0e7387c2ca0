/**
 * Sign-in and session endpoints (contract.md §4): captcha, login, logout, department selection.
 * Refusals keep JeecgBoot's shape (HTTP 200, success false, code 500) so every client shows the message.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import svgCaptcha from "svg-captcha";
import { eq } from "drizzle-orm";
import type { LoginResult } from "../../../contract/index.js";
import { sysUser } from "../../db/schema.js";
import { ok, refused, forbidden } from "../../lib/envelope.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import { anonymous, requestToken, signedIn } from "../../plugins/auth.js";
import { LOG_LOGIN, writeLog } from "./log.repo.js";
import { findUserById, findUserByUsername, toDepartJson, toUserJson, userDeparts } from "./user.repo.js";

const CAPTCHA_CHARS = "qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890";
const CAPTCHA_TTL_MS = 60_000;

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }) });

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  captcha: Type.Optional(Type.String({ maxLength: 16 })),
  checkKey: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  remember_me: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })])),
});

const SelectDepartBody = Type.Object({
  orgCode: Type.String({ minLength: 1, maxLength: 64 }),
  username: Type.Optional(Type.String({ maxLength: 100 })),
});

export default async function loginRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, kv, sessions, dicts, config } = app.ctx;
  // Spent on unknown usernames too, so response time does not tell which accounts exist.
  const dummyHash = await hashPassword("not-a-real-password");

  app.get(
    "/sys/randomImage/:key",
    { config: { ...anonymous, rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { params: KeyParams } },
    async (req) => {
      const captcha = svgCaptcha.create({ size: 4, charPreset: CAPTCHA_CHARS, noise: 2, width: 105, height: 35, fontSize: 40 });
      await kv.set(`captcha:${req.params.key}`, captcha.text.toLowerCase(), CAPTCHA_TTL_MS);
      return ok(`data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}`);
    },
  );

  app.post(
    "/sys/login",
    { config: { ...anonymous, rateLimit: { max: config.loginRateLimit, timeWindow: "1 minute" } }, schema: { body: LoginBody } },
    async (req) => {
      const { username, password, captcha, checkKey } = req.body;
      if (config.loginCaptcha) {
        if (!captcha) throw refused("验证码无效");
        // Single use: taken whether or not it matches.
        const expected = checkKey === undefined ? null : await kv.take(`captcha:${checkKey}`);
        if (!expected || expected !== captcha.trim().toLowerCase()) throw refused("验证码错误");
      }

      const lockKey = `login-lock:${username}`;
      const failKey = `login-fail:${username}`;
      if (await kv.get(lockKey)) {
        throw refused(`密码错误次数过多，账号已锁定，请 ${config.loginLockMinutes} 分钟后再试`);
      }
      const user = await findUserByUsername(db, username);
      const valid = await verifyPassword(user?.password ?? dummyHash, password);
      if (!user || !valid) {
        const failures = await kv.incr(failKey, config.loginLockMinutes * 60_000);
        await writeLog(db, { logType: LOG_LOGIN, logContent: `用户名: ${username},登录失败，用户名或密码错误`, username, ip: req.ip });
        if (failures >= config.loginMaxFailures) {
          await kv.set(lockKey, "1", config.loginLockMinutes * 60_000);
          await kv.del(failKey);
          throw refused(`密码错误次数过多，账号已锁定，请 ${config.loginLockMinutes} 分钟后再试`);
        }
        throw refused(`用户名或密码错误，还可尝试 ${config.loginMaxFailures - failures} 次`);
      }
      if (user.status === 2) throw refused("该用户已冻结");
      await kv.del(failKey);

      const departs = await userDeparts(db, user.id);
      let orgCode = user.orgCode;
      if (departs.length === 1) orgCode = departs[0].orgCode;
      else if (departs.length > 1 && !departs.some((d) => d.orgCode === orgCode)) orgCode = departs[0].orgCode;
      if (orgCode !== user.orgCode) await db.update(sysUser).set({ orgCode }).where(eq(sysUser.id, user.id));

      const token = await sessions.create(user, { ip: req.ip, userAgent: req.headers["user-agent"] });
      await writeLog(db, { logType: LOG_LOGIN, logContent: `用户名: ${username},登录成功！`, userid: user.id, username, ip: req.ip });
      const result: LoginResult = {
        token,
        userInfo: toUserJson({ ...user, orgCode }),
        departs: departs.map(toDepartJson),
        multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
        sysAllDictItems: await dicts.allEnabled(),
      };
      return ok(result, "登录成功", 200);
    },
  );

  // Anonymous like JeecgBoot's: a stale token still gets a clean answer, and the client clears its state anyway.
  app.post("/sys/logout", { config: anonymous }, async (req) => {
    const token = requestToken(req);
    if (!token) throw refused("退出登录失败！");
    const user = await sessions.verify(token);
    if (!user) throw refused("Token无效!");
    await sessions.revoke(user.sessionId, "logout");
    await writeLog(db, { logType: LOG_LOGIN, logContent: `用户名: ${user.realname ?? user.username},退出成功！`, userid: user.userId, username: user.username, ip: req.ip });
    return ok(null, "退出登录成功！", 200);
  });

  app.put("/sys/selectDepart", { config: signedIn, schema: { body: SelectDepartBody } }, async (req) => {
    const user = req.currentUser();
    if (req.body.username && req.body.username !== user.username) throw forbidden("只允许切换自己的部门");
    const departs = await userDeparts(db, user.userId);
    if (!departs.some((d) => d.orgCode === req.body.orgCode)) throw refused("您不属于该部门，无法切换");
    await db.update(sysUser).set({ orgCode: req.body.orgCode }).where(eq(sysUser.id, user.userId));
    const row = await findUserById(db, user.userId);
    return ok({ userInfo: toUserJson(row!) });
  });
}
