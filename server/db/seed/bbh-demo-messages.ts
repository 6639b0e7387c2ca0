/**
 * The bbh message templates of domain.md §8.6 (seed step `bbh-demo-messages-v1`).
 *
 * Seeded on every install, not only with the demo data: their codes are what the server's hooks look up
 * (ANSWER_AUDIT_RESULT after a review, TIME_SETTLE_RESULT after a settlement), and their scenes and field
 * mappings are the starting point staff adapt. The WeChat template ids are placeholders
 * (`demo-wx-template-…`) that 微信公众平台 would refuse, so without the demo data (`SEED_DEMO=false`) the
 * templates are seeded 停用: nothing is queued until staff enter the real template id and keyword names
 * and switch a template on. With the demo data they are 启用 (no WX_APPID: the logging sender records them).
 * Like all §8 rows, ids start with `demo-` and `create_by` is `demo_seed`.
 */
import type { Db } from "../client.js";
import { bbhMessageTemplate } from "../schema.js";

const BY = "demo_seed";

export async function seedBbhMessageTemplates(tx: Db, demo: boolean, now = new Date()): Promise<void> {
  const status = demo ? 1 : 0;
  const note = "（演示）微信模板ID为占位符：请在微信公众平台 → 订阅消息选用模板，按其关键词修改字段映射后启用";
  const common = { templateStatus: status, createBy: BY, createTime: now, sysOrgCode: "A01" };
  await tx
    .insert(bbhMessageTemplate)
    .values([
      {
        id: "demo-tpl-01",
        templateCode: "ANSWER_AUDIT_RESULT",
        templateName: "答案审核结果",
        channel: 1,
        scene: "answer_audit",
        wxTemplateId: "demo-wx-template-answer-audit",
        pagePath: "pages/task/answer?id=${answerId}",
        miniprogramState: "formal",
        fieldMapping: JSON.stringify({ thing1: "${activityName}", thing2: "${taskName}", phrase3: "${auditResult}", time4: "${auditTime}", thing5: "${auditRemark}" }),
        remark: note,
        ...common,
      },
      {
        id: "demo-tpl-02",
        templateCode: "TIME_SETTLE_RESULT",
        templateName: "成绩发布通知",
        channel: 1,
        scene: "time_settle",
        wxTemplateId: "demo-wx-template-time-settle",
        pagePath: "pages/activity/detail?id=${activityId}",
        miniprogramState: "formal",
        fieldMapping: JSON.stringify({ thing1: "${activityName}", character_string2: "${rankText}", number3: "${totalScore}", time4: "${settleTime}" }),
        remark: note,
        ...common,
      },
      {
        id: "demo-tpl-03",
        templateCode: "TIME_START_REMIND",
        templateName: "活动开始提醒",
        channel: 1,
        scene: "time_start",
        wxTemplateId: "demo-wx-template-time-start",
        pagePath: "pages/activity/detail?id=${activityId}",
        miniprogramState: "formal",
        fieldMapping: JSON.stringify({ thing1: "${activityName}", thing2: "${timeName}", time3: "${startTime}" }),
        remark: note,
        ...common,
      },
      {
        id: "demo-tpl-04",
        templateCode: "APPLY_AUDIT_RESULT",
        templateName: "报名审核结果",
        channel: 2,
        scene: "apply_audit",
        title: "报名审核结果",
        content: "您报名的【${activityName}】${auditResult}。${auditRemark}",
        remark: "（演示）站内消息",
        ...common,
      },
      {
        id: "demo-tpl-05",
        templateCode: "SYSTEM_NOTICE",
        templateName: "系统通知",
        channel: 2,
        scene: "system",
        title: "${title}",
        content: "${content}",
        remark: "（演示）站内消息，手工发送时填写标题和内容",
        ...common,
      },
    ])
    .onConflictDoNothing();
}
