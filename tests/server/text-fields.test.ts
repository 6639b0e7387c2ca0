/**
 * Issue 23 item 6: markup never reaches a plain-text field. Every string of a JSON body is plain text unless
 * its schema declares `x-text: rich` (sanitised HTML), `json` (JSON whose values are plain text) or
 * `verbatim` (passwords, patterns, template test values), one hook
 * cleans it before validation, and the Excel imports clean their cells the same way. The walk posts markup into
 * every string field of every route with a body and reads what the route's own hooks then see; the stored rows
 * of an announcement, an activity, a red mark, a task, a role and a department show it end to end.
 */
import type { RouteOptions, preValidationAsyncHookHandler } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhRedMark, sysAnnouncement, sysDepart, sysPermission, sysRole, sysRolePermission } from "../../server/db/schema.js";
import { nextId } from "../../server/lib/ids.js";
import { stripJsonMarkup, stripMarkup } from "../../server/lib/text.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { at, caller, uploadFile, xlsxFile } from "./bbh-helpers.js";

const PROBE = "<script>alert(1)</script>名称<b>x</b>";
const PLAIN = "名称x";
const RICH_PROBE = `<p onclick="alert(1)">段落<b>粗</b></p><script>alert(1)</script><img src="/a.png" onerror="alert(1)"><a href="javascript:alert(1)">链</a>`;
const VERBATIM_PROBE = "Pa<ss>w0rd<b>!";
const JSON_PROBE = '{"a":"<b>粗</b>体","<i>k</i>":[1,"<script>alert(1)</script>值 < 2"]}';
const JSON_CLEAN = '{"a":"粗体","<i>k</i>":[1,"值 < 2"]}';

/** Fields declared rich text: HTML from the console's editor (domain.md §2, contract §9, message templates). */
const RICH = [
  "POST /sys/annountCement/add msgContent",
  "PUT,POST /sys/annountCement/edit msgContent",
  "POST /sys/message/sysMessageTemplate/add templateContent",
  "PUT,POST /sys/message/sysMessageTemplate/edit templateContent",
  "POST /sys/message/sysMessage/add esContent",
  "PUT,POST /sys/message/sysMessage/edit esContent",
  "POST /bbh/api/activity/main/add content",
  "POST /bbh/api/activity/main/add rules",
  "PUT,POST /bbh/api/activity/main/edit content",
  "PUT,POST /bbh/api/activity/main/edit rules",
  "POST /bbh/api/activity/redmark/add content",
  "PUT,POST /bbh/api/activity/redmark/edit content",
  "POST /bbh/api/activity/task/add taskDesc",
  "PUT,POST /bbh/api/activity/task/edit taskDesc",
];
/** Fields kept exactly as sent: passwords, and check rules' JSON of regular expressions. */
const VERBATIM = [
  "POST /sys/login password",
  "POST /sys/user/add password",
  "PUT /sys/user/changePassword password",
  "PUT /sys/user/changePassword confirmpassword",
  "PUT /sys/user/updatePassword oldpassword",
  "PUT /sys/user/updatePassword password",
  "PUT /sys/user/updatePassword confirmpassword",
  "POST /sys/user/register password",
  "POST /sys/checkRule/add ruleJson",
  "PUT,POST /sys/checkRule/edit ruleJson",
  "POST /sys/dataSource/add dbPassword",
  "PUT,POST /sys/dataSource/edit dbPassword",
  "POST /sys/dataSource/testConnection dbPassword",
  "POST /sys/message/sysMessageTemplate/add templateTestJson",
  "PUT,POST /sys/message/sysMessageTemplate/edit templateTestJson",
  "POST /sys/message/sysMessageTemplate/sendMsg testData",
];
/** JSON text whose string values are plain text: question options, grade rules, field mappings, parameters. */
const JSON_TEXT = [
  "POST /bbh/api/question/add options",
  "PUT,POST /bbh/api/question/edit options",
  "POST /bbh/api/activity/main/add gradeRule",
  "PUT,POST /bbh/api/activity/main/edit gradeRule",
  "POST /bbh/api/messageTemplate/add fieldMapping",
  "PUT,POST /bbh/api/messageTemplate/edit fieldMapping",
  "POST /sys/fillRule/add ruleParams",
  "PUT,POST /sys/fillRule/edit ruleParams",
  "POST /sys/message/sysMessage/add esParam",
  "PUT,POST /sys/message/sysMessage/edit esParam",
];
/** `PUT,POST /path field` names the field of each of the two routes. */
const expand = (names: string[]) => names.flatMap((n) => {
  const [verbs, ...rest] = n.split(" ");
  return verbs.split(",").map((verb) => [verb, ...rest].join(" "));
});
const RICH_FIELDS = expand(RICH);
const VERBATIM_FIELDS = expand(VERBATIM);
const JSON_FIELDS = expand(JSON_TEXT);

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
const routes: RouteOptions[] = [];
/** What the route's own hooks saw of a walked request, after every hook the app runs before them. */
const seen = new Map<string, unknown>();

/** A route-level preValidation hook runs after the app's: the walk reads the body there and stops the request. */
const capture: preValidationAsyncHookHandler = async (req, reply) => {
  const key = req.headers["x-walk"];
  if (typeof key !== "string") return;
  seen.set(key, structuredClone(req.body));
  return reply.code(204).send();
};

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" }, {
    onRoute: (route) => {
      routes.push(route);
      route.preValidation = [...[route.preValidation ?? []].flat(), capture];
    },
  });
  admin = await t.login();
  call = caller(t);
});
afterAll(() => t.close());

const methods = (r: RouteOptions) => [r.method].flat().filter((m) => m !== "HEAD");

type Node = { type?: unknown; properties?: Record<string, Node>; items?: Node | Node[]; anyOf?: Node[]; oneOf?: Node[]; allOf?: Node[] };
const branches = (n: Node) => [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])];
const isString = (n: Node) => n.type === "string" || (Array.isArray(n.type) && n.type.includes("string"));

interface Leaf {
  path: Array<string | number>;
  name: string;
  kind: "plain" | "rich" | "json" | "verbatim";
}

/**
 * A body that puts the probe of its expected kind into every string the schema describes (objects with all
 * their properties, one element per array, the first object/array/string branch of a union), and the leaves.
 */
function probeBody(route: string, node: Node, path: Array<string | number>, leaves: Leaf[], depth = 0): unknown {
  if (!node || depth > 8) return undefined;
  const options = [node, ...branches(node)];
  const object = options.find((n) => n.properties);
  if (object) {
    const out: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(object.properties!)) {
      const value = probeBody(route, prop, [...path, key], leaves, depth + 1);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  const array = options.find((n) => n.items && !Array.isArray(n.items));
  if (array) {
    const item = probeBody(route, array.items as Node, [...path, 0], leaves, depth + 1);
    return item === undefined ? undefined : [item];
  }
  if (options.some(isString)) {
    const name = `${route} ${path.filter((p) => typeof p === "string").join(".")}`;
    const kind = RICH_FIELDS.includes(name) ? "rich" : VERBATIM_FIELDS.includes(name) ? "verbatim" : JSON_FIELDS.includes(name) ? "json" : "plain";
    leaves.push({ path, name, kind });
    return { rich: RICH_PROBE, verbatim: VERBATIM_PROBE, json: JSON_PROBE, plain: PROBE }[kind];
  }
  return undefined;
}

const at_ = (value: unknown, path: Array<string | number>) => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);

/** Gives the admin role every code some route asks for, so the walk reaches every route's hooks. */
async function grantAllRouteCodes() {
  const db = t.database.db;
  const codes = [...new Set(routes.map((r) => r.config?.access).flatMap((a) => (a && "permission" in a ? [a.permission] : [])))];
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, "admin"));
  const rows = codes.map((code) => ({ id: nextId(), name: `遍历:${code}`, perms: code, menuType: 2, status: "1", permsType: "1", delFlag: 0 }));
  await db.insert(sysPermission).values(rows);
  await db.insert(sysRolePermission).values(rows.map((r) => ({ id: nextId(), roleId: role.id, permissionId: r.id })));
}

describe("markup removal", () => {
  it("removes tags, comments and the content of script-like elements, keeping every `<` that opens nothing", () => {
    const cases: Array<[string, string]> = [
      [PROBE, PLAIN],
      ["a < b", "a < b"],
      ["1<2 且 3 <= 4，x <> y", "1<2 且 3 <= 4，x <> y"],
      ["A & B &amp; &lt;b&gt;", "A & B &amp; &lt;b&gt;"],
      ['<img src=x onerror="alert(1)">图', "图"],
      ['<a title=">" href="javascript:alert(1)">链接</a>', "链接"],
      ["<!-- 注释 -->甲<!doctype html>乙<?xml x?>丙</ 丁>戊", "甲乙丙戊"],
      ["<STYLE>b{}</STYLE >样式<textarea><b>x</b></textarea>", "样式"],
      // Markup that reassembles once the inner tag goes is removed too.
      ["<<b>script>alert(1)<</b>/script>安全", "安全"],
      ["<scr<script>ipt>alert(1)</script>", "ipt>alert(1)"],
      // An unclosed tag takes the rest, as a browser drops it.
      ["名称 <img src=x onerror=alert(1)", "名称 "],
      ["a<b", "a"],
      ["没有标记的文字", "没有标记的文字"],
    ];
    for (const [input, output] of cases) expect(stripMarkup(input), input).toBe(output);
  });

  it("JSON text loses the markup of its values only, and stays as written when it has none", () => {
    expect(stripJsonMarkup(JSON_PROBE)).toBe(JSON_CLEAN);
    expect(JSON.parse(stripJsonMarkup('[{"value":"a<b","label":"<i>选项</i>"}]'))).toEqual([{ value: "a", label: "选项" }]);
    expect(stripJsonMarkup('{ "x": "1 < 2" }')).toBe('{ "x": "1 < 2" }');
    // Not JSON: plain text (the module then refuses it).
    expect(stripJsonMarkup("{<b>broken")).toBe("{broken");
  });
});

describe("the walk: every string of every route's body", () => {
  it("reaches the route's hooks with plain text stripped, rich text sanitised and verbatim text untouched", async () => {
    await grantAllRouteCodes();
    const walked = routes.filter((r) => r.url.startsWith(API) && (r.schema as { body?: unknown } | undefined)?.body);
    expect(walked.length).toBeGreaterThan(140);
    const unreached: string[] = [];
    const wrong: string[] = [];
    const found = { plain: 0, rich: [] as string[], verbatim: [] as string[], json: [] as string[] };
    for (const route of walked) for (const method of methods(route)) {
      const name = `${method} ${route.url.slice(API.length)}`;
      const leaves: Leaf[] = [];
      const payload = probeBody(name, (route.schema as { body: Node }).body, [], leaves);
      if (!leaves.length) continue;
      const url = `${API}${route.url.slice(API.length).replace(/:\w+/g, "x").replace(/\*$/, "x")}`;
      const res = await t.app.inject({ method: method as "POST", url, headers: { "x-access-token": admin, "x-walk": name }, payload: payload as object });
      if (!seen.has(name)) {
        unreached.push(`${name} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        continue;
      }
      const body = seen.get(name);
      for (const leaf of leaves) {
        const value = at_(body, leaf.path);
        if (leaf.kind === "plain") {
          found.plain++;
          if (value !== PLAIN) wrong.push(`${leaf.name}: ${JSON.stringify(value)}`);
        } else if (leaf.kind === "json") {
          found.json.push(leaf.name);
          if (value !== JSON_CLEAN) wrong.push(`${leaf.name}: ${JSON.stringify(value)}`);
        } else if (leaf.kind === "verbatim") {
          found.verbatim.push(leaf.name);
          if (value !== VERBATIM_PROBE) wrong.push(`${leaf.name}: ${JSON.stringify(value)}`);
        } else {
          found.rich.push(leaf.name);
          const html = String(value);
          if (!html.includes("<p>段落<b>粗</b></p>") || /<script|onclick|onerror|javascript:/i.test(html)) wrong.push(`${leaf.name}: ${html}`);
        }
      }
    }
    expect(unreached).toEqual([]);
    expect(wrong).toEqual([]);
    expect(found.plain).toBeGreaterThan(700);
    // Every declared rich or verbatim field is one the lists above name: a new one is a deliberate change here.
    expect(found.rich.sort()).toEqual([...RICH_FIELDS].sort());
    expect(found.verbatim.sort()).toEqual([...VERBATIM_FIELDS].sort());
    expect(found.json.sort()).toEqual([...JSON_FIELDS].sort());
  });

  it("shows the declarations in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: `${API}/v3/api-docs`, headers: { "x-access-token": admin } })).json();
    const schema = doc.paths["/sys/annountCement/add"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(schema.properties.msgContent)).toContain('"x-text":"rich"');
    expect(JSON.stringify(schema.properties.titile)).not.toContain("x-text");
    const login = doc.paths["/sys/login"].post.requestBody.content["application/json"].schema;
    expect(login.properties.password["x-text"]).toBe("verbatim");
  });
});

describe("stored rows", () => {
  const db = () => t.database.db;

  it("an announcement keeps a plain title and abstract and sanitised content", async () => {
    const res = await call("POST", "/sys/annountCement/add", admin, { titile: PROBE, msgAbstract: `摘要<i>斜</i>`, msgContent: RICH_PROBE, msgType: "ALL" });
    expect(res.body.success).toBe(true);
    const [row] = await db().select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, PLAIN));
    expect(row).toMatchObject({ titile: PLAIN, msgAbstract: "摘要斜" });
    expect(row.msgContent).toContain("<p>段落<b>粗</b></p>");
    expect(row.msgContent).not.toMatch(/<script|onclick|onerror|javascript:/i);
    // Edit goes through the same hook.
    expect((await call("PUT", "/sys/annountCement/edit", admin, { id: row.id, titile: "<h1>新</h1>标题", msgType: "ALL" })).body.success).toBe(true);
    expect((await db().select().from(sysAnnouncement).where(eq(sysAnnouncement.id, row.id)))[0].titile).toBe("新标题");
  });

  it("an activity, a red mark and a task keep plain names and remarks, and sanitised rich descriptions", async () => {
    const added = await call("POST", "/bbh/api/activity/main/add", admin, {
      activityName: `<b>红色</b>之旅${PROBE}`, activityType: 1, coverImage: "/c.jpg", startTime: at(-1), endTime: at(30), remark: "备注<img src=x onerror=alert(1)>", summary: "a < b 且 <i>c</i>", content: RICH_PROBE, rules: "<ul><li>规则</li></ul><script>x</script>",
    });
    expect(added.body.success).toBe(true);
    const [activity] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, `红色之旅${PLAIN}`));
    expect(activity).toMatchObject({ remark: "备注", summary: "a < b 且 c", rules: "<ul><li>规则</li></ul>" });
    expect(activity.content).toContain("<p>段落<b>粗</b></p>");
    expect(activity.content).not.toMatch(/<script|onclick|onerror|javascript:/i);

    expect((await call("POST", "/bbh/api/activity/redmark/add", admin, { markName: PROBE, category: 2, address: "地址<br>一号", content: RICH_PROBE })).body.success).toBe(true);
    const [mark] = await db().select().from(bbhRedMark).where(eq(bbhRedMark.markName, PLAIN));
    expect(mark.address).toBe("地址一号");
    expect(mark.content).toContain("<p>段落<b>粗</b></p>");
    expect(mark.content).not.toMatch(/<script|onclick|onerror/i);

    expect((await call("POST", "/bbh/api/activity/task/add", admin, { activityId: activity.id, taskName: PROBE, taskType: 5, score: 10, taskDesc: RICH_PROBE })).body.success).toBe(true);
    const [task] = await db().select().from(bbhActivityTask).where(eq(bbhActivityTask.activityId, activity.id));
    expect(task.taskName).toBe(PLAIN);
    expect(task.taskDesc).not.toMatch(/<script|onclick/i);
  });

  it("a role's description and a department's memo; a name that was only markup is refused as empty", async () => {
    expect((await call("POST", "/sys/role/add", admin, { roleName: `<u>角色</u>${PROBE}`, roleCode: "text_probe", description: "描述<!-- x -->" })).body.success).toBe(true);
    expect((await db().select().from(sysRole).where(eq(sysRole.roleCode, "text_probe")))[0]).toMatchObject({ roleName: `角色${PLAIN}`, description: "描述" });
    expect((await call("POST", "/sys/sysDepart/add", admin, { departName: "文本部门", memo: `备注${PROBE}` })).body.success).toBe(true);
    expect((await db().select().from(sysDepart).where(eq(sysDepart.departName, "文本部门")))[0].memo).toBe(`备注${PLAIN}`);

    const empty = await call("POST", "/sys/role/add", admin, { roleName: "<b></b><script>角色</script>", roleCode: "text_empty" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("「角色名称」");
    expect(await db().select().from(sysRole).where(eq(sysRole.roleCode, "text_empty"))).toEqual([]);
  });

  it("a password keeps its angle brackets: the user signs in with exactly what was set", async () => {
    const password = "Ab<c>1234<b>";
    expect((await call("POST", "/sys/user/add", admin, { username: "text_pw", realname: "<i>密码</i>用户", password, confirmpassword: password })).body.success).toBe(true);
    await expect(t.login("text_pw", password)).resolves.toBeTypeOf("string");
  });

  it("an Excel import cleans its cells as the add form does", async () => {
    const file = await xlsxFile("活动", ["活动名称", "活动简介", "备注"], [[`<b>导入</b>活动${PROBE}`, "简介<i>一</i>", "<img src=x onerror=alert(1)>备注"]]);
    const res = await uploadFile(t, "/bbh/api/activity/main/importExcel?activityType=1", file, admin, { filename: "a.xlsx" });
    expect(res.body.success).toBe(true);
    const [row] = await db().select().from(bbhActivityMain).where(eq(bbhActivityMain.activityName, `导入活动${PLAIN}`));
    expect(row).toMatchObject({ summary: "简介一", remark: "备注" });
  });
});
