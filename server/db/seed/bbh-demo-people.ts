/**
 * 红色印记 demo people and tags (../shared/domain.md §8.1–8.2), seed step `bbh-demo-people-v1` (only with demo
 * data on): the two demo departments `演示·红色印记运营中心` (A99) and `演示·红星实验学校` (A99A01) with their
 * organisations, the two schools, five students (three bound to 演示用户1…3), the WeChat users assigned to
 * their departments (the users themselves come from `bbh-demo-v1`; inserted here only if missing), the nine
 * tags, and tag relations of the demo marks and activities. Every row is demo data: ids start with `demo-`,
 * `create_by = 'demo_seed'`; remove with `DELETE … WHERE id LIKE 'demo-%'` per table.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client.js";
import { bbhOrganization, bbhSchool, bbhStudent, bbhTag, bbhTagRel, bbhWxUser, sysDepart } from "../schema.js";
import { recountStudents } from "../../modules/bbh/school.js";

const BY = "demo_seed";

const TAGS: Array<[id: string, type: number, name: string, showIndex: number, color: string]> = [
  ["demo-tag-01", 2, "建党伟业", 1, "#C8161D"],
  ["demo-tag-02", 2, "革命摇篮", 2, "#D4380D"],
  ["demo-tag-03", 2, "长征", 3, "#AD4E00"],
  ["demo-tag-04", 2, "延安精神", 4, "#D48806"],
  ["demo-tag-05", 2, "西柏坡精神", 5, "#7C4A03"],
  ["demo-tag-06", 2, "全国爱国主义教育示范基地", 6, "#CF1322"],
  ["demo-tag-07", 1, "研学", 1, "#1677FF"],
  ["demo-tag-08", 1, "党史学习", 2, "#C8161D"],
  ["demo-tag-09", 3, "党史", 1, "#C8161D"],
];

/** Tags of the demo marks and activities (bbh-demo.ts); the question's tag relations are the question seed's. */
const RELS: Array<[tag: string, bizType: string, bizId: string]> = [
  ["demo-tag-01", "red_mark", "demo-rm-01"],
  ["demo-tag-01", "red_mark", "demo-rm-02"],
  ["demo-tag-02", "red_mark", "demo-rm-03"],
  ["demo-tag-02", "red_mark", "demo-rm-04"],
  ["demo-tag-03", "red_mark", "demo-rm-05"],
  ["demo-tag-04", "red_mark", "demo-rm-06"],
  ["demo-tag-05", "red_mark", "demo-rm-07"],
  ["demo-tag-06", "red_mark", "demo-rm-01"],
  ["demo-tag-06", "red_mark", "demo-rm-04"],
  ["demo-tag-07", "activity", "demo-act-01"],
  ["demo-tag-08", "activity", "demo-act-01"],
  ["demo-tag-08", "activity", "demo-act-02"],
];

const STUDENTS: Array<[n: number, name: string, className: string, gender: number]> = [
  [1, "张小明（演示）", "1班", 1],
  [2, "李小红（演示）", "1班", 2],
  [3, "王小军（演示）", "2班", 1],
  [4, "赵小兰（演示）", "2班", 2],
  [5, "陈小华（演示）", "2班", 1],
];

export async function seedBbhDemoPeople(tx: Db, now = new Date()): Promise<void> {
  const audit = { createBy: BY, createTime: now };
  await tx
    .insert(sysDepart)
    .values([
      { id: "demo-dep-01", parentId: "", departName: "演示·红色印记运营中心", orgCode: "A99", orgType: "1", orgCategory: "1", departOrder: 99, memo: "演示数据", status: "1", ...audit },
      { id: "demo-dep-02", parentId: "demo-dep-01", departName: "演示·红星实验学校", orgCode: "A99A01", orgType: "2", orgCategory: "2", departOrder: 1, memo: "演示数据", status: "1", ...audit },
    ])
    .onConflictDoNothing();
  await tx.insert(bbhOrganization).values([
    { id: "demo-org-01", sysDepartId: "demo-dep-01", orgCode: "A99", orgName: "演示·红色印记运营中心", orgType: 6, contactName: "刘老师（演示）", address: "江西省南昌市（演示）", intro: "红色印记平台的运营单位（演示数据）", ...audit, sysOrgCode: "A99" },
    { id: "demo-org-02", sysDepartId: "demo-dep-02", orgCode: "A99A01", orgName: "演示·红星实验学校", orgType: 3, contactName: "周老师（演示）", address: "江西省吉安市井冈山市（演示）", intro: "演示学校的组织档案（演示数据）", ...audit, sysOrgCode: "A99A01" },
  ]);
  await tx.insert(bbhSchool).values([
    { id: "demo-sch-01", schoolName: "红星实验学校（演示）", schoolCode: "DEMO360881001", schoolType: 2, provinceCode: "360000", cityCode: "360800", districtCode: "360881", regionName: "江西省/吉安市/井冈山市", address: "井冈山市茨坪镇（演示）", contactName: "周老师（演示）", sysDepartId: "demo-dep-02", ...audit, sysOrgCode: "A99A01" },
    { id: "demo-sch-02", schoolName: "星火小学（演示）", schoolCode: "DEMO360103001", schoolType: 1, provinceCode: "360000", cityCode: "360100", districtCode: "360103", regionName: "江西省/南昌市/西湖区", address: "南昌市西湖区（演示）", ...audit, sysOrgCode: "A99" },
  ]);
  await tx.insert(bbhStudent).values(
    STUDENTS.map(([n, name, className, gender]) => ({
      id: `demo-stu-0${n}`,
      schoolId: "demo-sch-01",
      studentName: name,
      studentNo: `DEMO202400${n}`,
      gender,
      schoolGrade: 8,
      className,
      enrollYear: 2024,
      guardianName: `${name.slice(0, 1)}家长（演示）`,
      guardianPhone: `1380000000${n}`,
      wxUserId: n <= 3 ? `demo-wx-0${n}` : null,
      ...audit,
      sysOrgCode: "A99A01",
    })),
  );
  await recountStudents(tx, ["demo-sch-01", "demo-sch-02"]);

  // The WeChat users come from bbh-demo-v1; a database seeded without them gets them here.
  await tx
    .insert(bbhWxUser)
    .values([
      ...[1, 2, 3, 4, 5].map((i) => ({ id: `demo-wx-0${i}`, openid: `demo_openid_000${i}`, nickname: `演示用户${i}`, remark: "演示数据", ...audit })),
      { id: "demo-wx-06", openid: "demo_openid_0006", nickname: "演示打点员", isPointMaker: 1, remark: "演示数据", ...audit },
    ])
    .onConflictDoNothing();
  await tx
    .update(bbhWxUser)
    .set({ sysDepartId: "demo-dep-02", orgCode: "A99A01", sysOrgCode: "A99A01" })
    .where(inArray(bbhWxUser.id, ["demo-wx-01", "demo-wx-02", "demo-wx-03", "demo-wx-04", "demo-wx-05"]));
  await tx.update(bbhWxUser).set({ sysDepartId: "demo-dep-01", orgCode: "A99", sysOrgCode: "A99" }).where(inArray(bbhWxUser.id, ["demo-wx-06"]));
  await tx.execute(sql`
    update bbh_wx_user w set school_id = st.school_id, student_id = st.id
    from bbh_student st where st.wx_user_id = w.id and st.id in ('demo-stu-01', 'demo-stu-02', 'demo-stu-03')`);

  await tx.insert(bbhTag).values(TAGS.map(([id, tagType, tagName, showIndex, tagColor]) => ({ id, tagType, tagName, showIndex, tagColor, ...audit, sysOrgCode: "A01" })));
  await tx
    .insert(bbhTagRel)
    .values(RELS.map(([tagId, bizType, bizId], i) => ({ id: `demo-tr-${String(i + 1).padStart(2, "0")}`, tagId, bizType, bizId, ...audit, sysOrgCode: "A01" })))
    .onConflictDoNothing();
}
