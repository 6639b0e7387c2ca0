/**
 * bbh messages and message templates (../shared/domain.md §4.24–4.25, §7.6), shared by the server's schemas
 * and rendering and the console's form: field limits, the WeChat subscribe-message value limits, and the
 * variables each scene offers. Plain data only.
 */
import type { FieldLimit } from "./limits.js";

export const messageTemplateLimits = {
  templateCode: { label: "模板编码", required: true, max: 50, pattern: "^[A-Za-z][A-Za-z0-9_]*$" },
  templateName: { label: "模板名称", required: true, max: 100 },
  wxTemplateId: { label: "微信模板ID", max: 64, pattern: "^[A-Za-z0-9_-]+$" },
  pagePath: { label: "跳转页", max: 255 },
  title: { label: "标题", max: 100 },
  content: { label: "内容", max: 2000 },
  fieldMapping: { label: "字段映射", max: 4000, text: "json" },
  remark: { label: "备注", max: 255 },
} as const satisfies Record<string, FieldLimit>;

/** 小程序订阅消息 (bbh_msg_channel 1), 站内消息 (2), 短信 (3). */
export const MSG_CHANNEL = { wechat: 1, inApp: 2, sms: 3 } as const;
/** bbh_send_status. */
export const SEND_STATUS = { pending: 0, sent: 1, failed: 2 } as const;
/** Automatic plus manual retries of one message (domain.md §4.25 retry_count). */
export const MAX_RETRIES = 3;

/**
 * WeChat subscribe-message value limits by keyword type (the part of `thing1` before its digits): most
 * characters a value may have. `time`/`date` values are formatted `yyyy年M月d日 HH:mm` instead.
 */
export const WX_VALUE_LIMITS: Record<string, number> = {
  thing: 20,
  phrase: 5,
  name: 10,
  character_string: 32,
  number: 32,
  letter: 32,
  symbol: 5,
  amount: 10,
  phone_number: 17,
  car_number: 8,
};
/** Keyword types whose value is a date-time. */
export const WX_TIME_TYPES = ["time", "date"] as const;
/** A WeChat keyword: a known type followed by its number (`thing1`, `character_string2`, `time4`). */
export const WX_KEYWORD_PATTERN = "^(thing|phrase|name|character_string|number|letter|symbol|amount|phone_number|car_number|time|date)\\d{1,2}$";

/** `${var}` placeholders. */
export const PLACEHOLDER_PATTERN = /\$\{\s*([A-Za-z_]\w*)\s*\}/g;

/** The variables a scene's messages are rendered with (the console's hints; the preview's sample values). */
export const SCENE_VARIABLES: Record<string, Array<{ name: string; label: string; sample: string }>> = {
  answer_audit: [
    { name: "activityName", label: "活动名称", sample: "重走红色路·青少年研学打卡" },
    { name: "taskName", label: "任务名称", sample: "南湖红船·拍照打卡" },
    { name: "auditResult", label: "审核结果", sample: "审核通过" },
    { name: "auditRemark", label: "审核意见", sample: "照片清晰，内容符合要求" },
    { name: "auditTime", label: "审核时间", sample: "2026-07-01 09:30:00" },
    { name: "score", label: "得分", sample: "10" },
    { name: "answerId", label: "答案编号", sample: "1800000000000000001" },
  ],
  time_settle: [
    { name: "activityName", label: "活动名称", sample: "重走红色路·青少年研学打卡" },
    { name: "timeName", label: "时间段", sample: "第一期" },
    { name: "rankText", label: "名次", sample: "第3名" },
    { name: "totalScore", label: "总分", sample: "85" },
    { name: "gradeLevel", label: "等级", sample: "优秀" },
    { name: "settleTime", label: "结算时间", sample: "2026-07-08 20:00:00" },
    { name: "activityId", label: "活动编号", sample: "1800000000000000002" },
  ],
  time_start: [
    { name: "activityName", label: "活动名称", sample: "重走红色路·青少年研学打卡" },
    { name: "timeName", label: "时间段", sample: "第二期" },
    { name: "startTime", label: "开始时间", sample: "2026-07-10 08:00:00" },
    { name: "activityId", label: "活动编号", sample: "1800000000000000002" },
  ],
  apply_audit: [
    { name: "activityName", label: "活动名称", sample: "党史知识闯关" },
    { name: "auditResult", label: "审核结果", sample: "已通过" },
    { name: "auditRemark", label: "审核意见", sample: "欢迎参加" },
    { name: "activityId", label: "活动编号", sample: "1800000000000000003" },
  ],
  activity_new: [
    { name: "activityName", label: "活动名称", sample: "党史知识闯关" },
    { name: "startTime", label: "开始时间", sample: "2026-07-01 08:00:00" },
    { name: "activityId", label: "活动编号", sample: "1800000000000000003" },
  ],
  system: [
    { name: "title", label: "标题", sample: "系统维护通知" },
    { name: "content", label: "内容", sample: "今晚22:00至23:00系统维护，请提前保存作答。" },
  ],
};
