/**
 * The signed-in user's own account (header menu and account settings): change password
 * (`PUT /sys/user/updatePassword`, contract.md §10.1), read and edit one's own profile
 * (`GET /sys/user/getUserInfo`, `PUT /sys/user/appEdit`, contract.md §4.6 and §10.1 "app helpers").
 */
import type { FastifyInstance } from "fastify";
import { Type, type Static } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { forbidden, ok, refused } from "../../lib/envelope.js";
import { PasswordLockout } from "../../lib/lockout.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import { signedIn } from "../../plugins/auth.js";
import { contactTakenBy, PASSWORD_POLICY, PASSWORD_POLICY_MESSAGE, setPasswordHash, updateProfile } from "./account.repo.js";
import { findUserById, toUserJson } from "./user.repo.js";
import { userLimits } from "../../../contract/limits.js";
import { DATE_PATTERN, nullable, verbatim } from "../../lib/field-schema.js";
import { UNSCOPED } from "./shared.js";

const UpdatePasswordBody = Type.Object({
  username: Type.String({ title: "用户账号", minLength: 1, maxLength: 100 }),
  oldpassword: verbatim(Type.String({ title: "旧密码", minLength: 1, maxLength: 128 })),
  password: verbatim(Type.String({ title: "新密码", maxLength: 128 })),
  confirmpassword: verbatim(Type.String({ title: "确认新密码", maxLength: 128 })),
});

/** A stored upload path (`20240101/ab12.png`, optionally under a folder) or an absolute http(s) URL. */
const AVATAR_PATTERN = "^(https?://[^\\s]{1,240}|([A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+\\.(png|jpg|jpeg|gif|webp))$";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/**
 * The fields one may edit on one's own account (JeecgBoot's appEdit reads the same ones). Anything else
 * the client sends — username, status, delFlag, roles, departments, orgCode, workNo, password … — is ignored;
 * an `id` other than the signed-in user's is refused.
 */
const ProfileBody = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.String({ maxLength: 36 }), Type.Null()], { title: "编号" })),
    realname: Type.Optional(Type.String({ title: userLimits.realname.label, minLength: 1, maxLength: userLimits.realname.max })),
    avatar: Type.Optional(Type.Union([Type.String({ maxLength: userLimits.avatar.max, pattern: AVATAR_PATTERN }), Type.Literal(""), Type.Null()], { title: userLimits.avatar.label })),
    sex: Type.Optional(nullable(Type.Integer({ title: "性别", minimum: 0, maximum: 2 }))),
    birthday: Type.Optional(Type.Union([Type.String({ pattern: DATE_PATTERN }), Type.Literal(""), Type.Null()], { title: "生日" })),
    email: Type.Optional(Type.Union([Type.String({ maxLength: userLimits.email.max, format: "email" }), Type.Literal(""), Type.Null()], { title: userLimits.email.label })),
    phone: Type.Optional(Type.Union([Type.String({ pattern: userLimits.phone.pattern }), Type.Literal(""), Type.Null()], { title: userLimits.phone.label })),
    telephone: Type.Optional(Nullable(Type.String({ title: userLimits.telephone.label, maxLength: userLimits.telephone.max, pattern: "^[0-9+\\-() ]*$" }))),
  },
  { additionalProperties: true },
);

const blankToNull = <T>(value: T | "" | undefined): T | null | undefined => (value === "" ? null : value);

export default async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db, sessions, dicts, kv, config } = app.ctx;
  const lockout = new PasswordLockout(kv, { maxFailures: config.loginMaxFailures, lockMinutes: config.loginLockMinutes });

  app.put("/sys/user/updatePassword", { config: signedIn, schema: { body: UpdatePasswordBody } }, async (req) => {
    const me = req.currentUser();
    const { username, oldpassword, password, confirmpassword } = req.body;
    if (username !== me.username) throw refused("只允许修改自己的密码！");
    const user = await findUserById(db, me.userId);
    if (!user) throw refused("用户不存在！");
    // A wrong old password is a wrong password: it counts towards the sign-in lockout, and a locked
    // account cannot change its password either (a stolen session must not guess it).
    await lockout.assertOpen(user.username);
    if (!(await verifyPassword(user.password, oldpassword))) {
      const left = await lockout.fail(user.username);
      throw refused(`旧密码输入错误! 还可尝试 ${left} 次`);
    }
    await lockout.succeed(user.username);
    if (!password) throw refused("新密码不允许为空!");
    if (password !== confirmpassword) throw refused("两次输入密码不一致!");
    if (!PASSWORD_POLICY.test(password)) throw refused(PASSWORD_POLICY_MESSAGE);
    await setPasswordHash(db, user.id, await hashPassword(password), me.username);
    // Every other session of this user ends; the one that changed the password stays signed in.
    await sessions.revokeUser(user.id, "password-change", me.sessionId);
    return ok(null, "密码重置成功!");
  });

  app.get("/sys/user/getUserInfo", { config: signedIn }, async (req) => {
    const user = await findUserById(db, req.currentUser().userId);
    if (!user) throw refused("未找到对应用户!");
    return ok({ userInfo: toUserJson(user), sysAllDictItems: await dicts.allEnabled() });
  });

  const appEdit = async (req: { body: Static<typeof ProfileBody>; currentUser(): { userId: string; username: string } }) => {
    const me = req.currentUser();
    const body = req.body;
    if (body.id && body.id !== me.userId) throw forbidden("只能修改自己的个人信息");
    const changes = {
      realname: body.realname?.trim(),
      avatar: blankToNull(body.avatar),
      sex: body.sex,
      birthday: blankToNull(body.birthday),
      email: blankToNull(body.email),
      phone: blankToNull(body.phone),
      telephone: body.telephone,
    };
    if (changes.realname === "") throw refused("姓名不能为空!");
    const taken = await contactTakenBy(db, me.userId, changes.email, changes.phone);
    if (taken.phone) throw refused("手机号已存在!");
    if (taken.email) throw refused("邮箱已存在!");
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length > 0) await updateProfile(db, me.userId, defined, me.username);
    const user = await findUserById(db, me.userId);
    if (!user) throw refused("未找到对应用户!");
    return ok(toUserJson(user), "修改成功!");
  };
  // JeecgBoot maps appEdit to PUT and POST.
  app.put("/sys/user/appEdit", { config: { ...signedIn, rows: { id: UNSCOPED.own } }, schema: { body: ProfileBody } }, appEdit);
  app.post("/sys/user/appEdit", { config: { ...signedIn, rows: { id: UNSCOPED.own } }, schema: { body: ProfileBody } }, appEdit);
}
