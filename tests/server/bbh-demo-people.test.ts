/**
 * The demo people and tags (domain.md §8.1–8.2), seed step bbh-demo-people-v1: organisations on their demo
 * departments, schools with their student counts, students bound to 演示用户1…3, WeChat users in their
 * departments, the nine tags in order, and the marks' tags — seen through the API, and seeded once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { bbhTag } from "../../server/db/schema.js";
import { seed } from "../../server/db/seed/index.js";
import { ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";
import { caller, rows } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.database.db, { adminPassword: ADMIN_PASSWORD, demo: true });
  await seed(t.database.db, { adminPassword: ADMIN_PASSWORD, demo: true });
  admin = await t.login();
  call = caller(t);
});
afterAll(() => t.close());

describe("demo people and tags", () => {
  it("seeds organisations, schools, students and WeChat users as §8.1 has them", async () => {
    const orgs = (await call("GET", "/bbh/api/organization/list?orgCode=A99*", admin)).body.result.records;
    expect(orgs.map((o: Record<string, unknown>) => [o.id, o.orgName, o.orgType_dictText, o.wxUserCount])).toEqual([
      ["demo-org-01", "演示·红色印记运营中心", "文博场馆", 1],
      ["demo-org-02", "演示·红星实验学校", "学校", 5],
    ]);
    const school = (await call("GET", "/bbh/api/school/getById?id=demo-sch-01", admin)).body.result;
    expect(school).toMatchObject({ schoolName: "红星实验学校（演示）", schoolType_dictText: "初中", districtCode: "360881", sysDepartId_dictText: "演示·红星实验学校", studentCount: 5, stats: { boundCount: 3 } });
    const students = (await call("GET", "/bbh/api/student/list?schoolId=demo-sch-01&column=studentNo&order=asc", admin)).body.result.records;
    expect(students.map((s: Record<string, unknown>) => [s.studentNo, s.studentName, s.schoolGrade_dictText, s.wxUserId_dictText])).toEqual([
      ["DEMO2024001", "张小明（演示）", "初二", "演示用户1"],
      ["DEMO2024002", "李小红（演示）", "初二", "演示用户2"],
      ["DEMO2024003", "王小军（演示）", "初二", "演示用户3"],
      ["DEMO2024004", "赵小兰（演示）", "初二", null],
      ["DEMO2024005", "陈小华（演示）", "初二", null],
    ]);
    const wx = (await call("GET", "/bbh/bbhWxUser/queryById?id=demo-wx-01", admin)).body.result;
    expect(wx).toMatchObject({ orgCode: "A99A01", sysDepartId_dictText: "演示·红星实验学校", studentId: "demo-stu-01", schoolId_dictText: "红星实验学校（演示）" });
    expect((await call("GET", "/bbh/bbhWxUser/queryById?id=demo-wx-06", admin)).body.result).toMatchObject({ isPointMaker: 1, orgCode: "A99" });
  });

  it("seeds the nine tags of §8.2 in order, once, with the marks' tags", async () => {
    expect(await rows(t, bbhTag, like(bbhTag.id, "demo-%"))).toBe(9);
    const marks = (await call("GET", "/bbh/api/tag/list?tagType=2", admin)).body.result.records;
    expect(marks.map((m: { tagName: string; showIndex: number }) => `${m.showIndex}${m.tagName}`)).toEqual(["1建党伟业", "2革命摇篮", "3长征", "4延安精神", "5西柏坡精神", "6全国爱国主义教育示范基地"]);
    const tags = (await call("GET", "/bbh/api/tag/rel/list?bizType=red_mark&bizId=demo-rm-01", admin)).body.result;
    expect(tags.map((r: { tagName: string }) => r.tagName)).toEqual(["建党伟业", "全国爱国主义教育示范基地"]);
    expect((await call("GET", "/bbh/api/tag/list?tagType=3", admin)).body.result.records.map((r: { tagName: string }) => r.tagName)).toEqual(["党史"]);
  });
});
