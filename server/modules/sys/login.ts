/**
 * Sign-in and session endpoints (contract.md §4): captcha, login, logout, department selection.
 * Refusals keep JeecgBoot's shape (HTTP 200, success false, code 500) so every client shows the message.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import svgCaptcha from "svg-captcha";
import { eq } from "drizzle-orm";
import { FROZEN_USER_MESSAGE, type LoginResult } from "../../../contract/index.js";
import { USERNAME_MAX } from "../../../contract/limits.js";
import { sysUser } from "../../db/schema.js";
import { badRequest, ok, refused, forbidden } from "../../lib/envelope.js";
import { verbatim } from "../../lib/field-schema.js";
import { PasswordLockout } from "../../lib/lockout.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import { anonymous, requestToken, signedIn } from "../../plugins/auth.js";
import { LOG_LOGIN, writeLogSafely } from "./log.repo.js";
import { findUserById, findUserByUsername, toDepartJson, toUserJson, userDeparts } from "./user.repo.js";

/**
 * Captcha characters: upper-case letters and digits that cannot be mistaken for one another. JeecgBoot's set
 * mixed cases and held l/I/i/t/1 and o/O/0; the check is case-insensitive, so one case is enough. Left out:
 * I, L, T (1, l, i, t), O, Q, 0, 1 (round and stroke look-alikes), B (8), S (5), Z (2), G (6), U (V).
 */
const CAPTCHA_CHARS = "ACDEFHJKMNPRVWXY23456789";
const CAPTCHA_LENGTH = 4;
const CAPTCHA_TTL_MS = 60_000;

const KeyParams = Type.Object({ key: Type.String({ title: "验证码标识", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }) });

const LoginBody = Type.Object({
  username: Type.String({ title: "账号", minLength: 1, maxLength: USERNAME_MAX }),
  password: verbatim(Type.String({ title: "密码", minLength: 1, maxLength: 128 })),
  captcha: Type.Optional(Type.String({ title: "验证码", maxLength: 16 })),
  checkKey: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()], { title: "验证码标识" })),
  remember_me: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })], { title: "记住我" })),
});

/**
 * C0/C1 control characters and Unicode line separators. None belongs in a username, captcha or captcha
 * key; a CR/LF in a username would also forge extra lines in the login log.
 */
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CHECK_KEY = /^[A-Za-z0-9_-]{0,64}$/;

/** Bad sign-in input is a 400 with a clear message, before it reaches the KvStore, a query or a log line. */
function assertLoginInput(body: { username: string; captcha?: string; checkKey?: string | number }) {
  if (CONTROL_CHARS.test(body.username)) throw badRequest("用户名不能包含换行符等控制字符");
  if (body.captcha !== undefined && CONTROL_CHARS.test(body.captcha)) throw badRequest("验证码不能包含换行符等控制字符");
  if (typeof body.checkKey === "string" && !CHECK_KEY.test(body.checkKey)) throw badRequest("验证码标识（checkKey）只能包含字母、数字、下划线和短横线");
}

const SelectDepartBody = Type.Object({
  orgCode: Type.String({ title: "机构编码", minLength: 1, maxLength: 64 }),
  username: Type.Optional(Type.String({ title: "账号", maxLength: USERNAME_MAX })),
});

export default async function loginRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, kv, sessions, dicts, config } = app.ctx;
  const lockout = new PasswordLockout(kv, { maxFailures: config.loginMaxFailures, lockMinutes: config.loginLockMinutes });
  // Spent on unknown usernames too, so response time does not tell which accounts exist.
  const dummyHash = await hashPassword("not-a-real-password");

  app.get(
    "/sys/randomImage/:key",
    { config: { ...anonymous, rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { params: KeyParams } },
    async (req) => {
      const captcha = svgCaptcha.create({ size: CAPTCHA_LENGTH, charPreset: CAPTCHA_CHARS, noise: 2, width: 105, height: 35, fontSize: 40 });
      await kv.set(`captcha:${req.params.key}`, captcha.text.toLowerCase(), CAPTCHA_TTL_MS);
      return ok(`data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}`);
    },
  );

  app.post(
    "/sys/login",
    { config: { ...anonymous, rateLimit: { max: config.loginRateLimit, timeWindow: "1 minute" } }, schema: { body: LoginBody } },
    async (req) => {
      assertLoginInput(req.body);
      const { username, password, captcha, checkKey } = req.body;
      if (config.loginCaptcha) {
        if (!captcha) throw refused("验证码无效");
        // Single use: taken whether or not it matches.
        const expected = checkKey === undefined ? null : await kv.take(`captcha:${checkKey}`);
        if (!expected || expected !== captcha.trim().toLowerCase()) throw refused("验证码错误");
      }

      await lockout.assertOpen(username);
      const user = await findUserByUsername(db, username);
      const valid = await verifyPassword(user?.password ?? dummyHash, password);
      if (!user || !valid) {
        // Counted first, so the lockout holds whatever happens to the log line; logged also when this failure locks.
        let left: number;
        try {
          left = await lockout.fail(username);
        } finally {
          await writeLogSafely(db, { logType: LOG_LOGIN, logContent: `用户名: ${username},登录失败，用户名或密码错误`, userid: username, ip: req.ip }, req.log);
        }
        throw refused(`用户名或密码错误，还可尝试 ${left} 次`);
      }
      if (user.status === 2) throw refused(FROZEN_USER_MESSAGE);
      await lockout.succeed(username);

      const departs = await userDeparts(db, user.id);
      let orgCode = user.orgCode;
      if (departs.length === 1) orgCode = departs[0].orgCode;
      else if (departs.length > 1 && !departs.some((d) => d.orgCode === orgCode)) orgCode = departs[0].orgCode;
      if (orgCode !== user.orgCode) await db.update(sysUser).set({ orgCode }).where(eq(sysUser.id, user.id));

      const token = await sessions.create(user, { ip: req.ip, userAgent: req.headers["user-agent"] });
      await writeLogSafely(db, { logType: LOG_LOGIN, logContent: `用户名: ${username},登录成功！`, userid: user.username, username: user.realname ?? user.username, ip: req.ip }, req.log);
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
    await writeLogSafely(db, { logType: LOG_LOGIN, logContent: `用户名: ${user.realname ?? user.username},退出成功！`, userid: user.username, username: user.realname ?? user.username, ip: req.ip }, req.log);
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
