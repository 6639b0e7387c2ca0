/**
 * The limits of the 红色印记 (bbh) forms' text fields (../shared/domain.md §4), in the shape of
 * contract/limits.ts: the server builds its body schemas from them (so a 400 names the field in Chinese), the
 * console can build its form rules from the same source. Plain data only.
 */
import type { FieldLimit } from "./limits.js";

type Limits = Record<string, FieldLimit>;

const URL_LIST = { max: 2000 } as const;

/** 联系人 and 联系电话, the same on activities, schools and organisations (the console's ContactFields). */
export const contactLimits = {
  contactName: { label: "联系人", max: 50 },
  contactPhone: { label: "联系电话", max: 20 },
} as const satisfies Limits;

export const activityLimits = {
  activityName: { label: "活动名称", required: true, max: 100 },
  coverImage: { label: "封面图", max: 500 },
  bannerImages: { label: "轮播图", ...URL_LIST },
  summary: { label: "活动简介", max: 500 },
  organizerOrgId: { label: "主办单位", max: 32 },
  organizerName: { label: "主办单位名称", max: 100 },
  ...contactLimits,
  provinceCode: { label: "省份代码", max: 12 },
  cityCode: { label: "城市代码", max: 12 },
  districtCode: { label: "区县代码", max: 12 },
  regionName: { label: "所在地区", max: 100 },
  address: { label: "活动地点", max: 255 },
  scopeIds: { label: "参与范围", max: 2000 },
  gradeRule: { label: "等级规则", max: 1000, text: "json" },
  shareTitle: { label: "分享标题", max: 100 },
  shareImage: { label: "分享图片", max: 500 },
  remark: { label: "备注", max: 500 },
} as const satisfies Limits;

export const activityTimeLimits = {
  timeName: { label: "时间段名称", required: true, max: 50 },
  restartReason: { label: "重启原因", max: 255 },
} as const satisfies Limits;

export const taskLimits = {
  taskName: { label: "任务名称", required: true, max: 100 },
  coverImage: { label: "任务封面", max: 500 },
} as const satisfies Limits;

export const redMarkLimits = {
  markName: { label: "印记名称", required: true, max: 100 },
  alias: { label: "别名", max: 100 },
  provinceCode: { label: "省份代码", max: 12 },
  cityCode: { label: "城市代码", max: 12 },
  districtCode: { label: "区县代码", max: 12 },
  regionName: { label: "所在地区", max: 100 },
  address: { label: "详细地址", max: 255 },
  coverImage: { label: "封面图", max: 500 },
  images: { label: "图集", max: 4000 },
  stampImage: { label: "点亮印记图标", max: 500 },
  stampGrayImage: { label: "未点亮印记图标", max: 500 },
  audioUrl: { label: "语音讲解", max: 500 },
  videoUrl: { label: "视频", max: 500 },
  videoCover: { label: "视频封面", max: 500 },
  summary: { label: "简介", max: 500 },
  eventPeriod: { label: "历史时间", max: 50 },
  openTime: { label: "开放时间", max: 255 },
  ticketInfo: { label: "门票信息", max: 255 },
  phone: { label: "联系电话", max: 30 },
} as const satisfies Limits;

export const redActivityMarkLimits = {
  customName: { label: "活动内名称", max: 100 },
  remark: { label: "备注", max: 255 },
} as const satisfies Limits;

export const groupLimits = {
  groupName: { label: "小组名称", required: true, max: 50 },
  groupNo: { label: "小组编号", max: 20 },
  className: { label: "班级", max: 30 },
} as const satisfies Limits;

export const activationLimits = {
  remark: { label: "备注", max: 255 },
  voidReason: { label: "作废原因", required: true, max: 255 },
} as const satisfies Limits;

export const applyLimits = {
  realName: { label: "姓名", required: true, max: 50 },
  phone: { label: "手机号", max: 20 },
  className: { label: "班级", max: 30 },
  auditRemark: { label: "审核意见", max: 255 },
} as const satisfies Limits;

export const questionTypeLimits = {
  typeName: { label: "分类名称", required: true, max: 50 },
  icon: { label: "图标", max: 500 },
} as const satisfies Limits;

export const questionLimits = {
  content: { label: "题干", required: true, max: 2000 },
  stemImage: { label: "题干图片", max: 500 },
  answer: { label: "答案", required: true, max: 500 },
  analysis: { label: "解析", max: 5000 },
  optionText: { label: "选项内容", required: true, max: 200 },
} as const satisfies Limits;

/** China bounds of a GCJ-02 coordinate (domain.md §2). */
export const CHINA_BOUNDS = { minLng: 73.5, maxLng: 135.1, minLat: 3.8, maxLat: 53.6 } as const;
/** Check-in radius bounds in metres. */
export const RADIUS_BOUNDS = { min: 10, max: 5000 } as const;

export const schoolLimits = {
  schoolName: { label: "学校名称", required: true, max: 100 },
  schoolCode: { label: "学校标识码", max: 20, pattern: "^[A-Za-z0-9_-]+$", patternMessage: "学校标识码只能包含字母、数字、下划线和短横线" },
  provinceCode: { label: "省份代码", max: 12 },
  cityCode: { label: "城市代码", max: 12 },
  districtCode: { label: "区县代码", max: 12 },
  regionName: { label: "所在地区", max: 100 },
  address: { label: "详细地址", max: 255 },
  ...contactLimits,
  logo: { label: "校徽", max: 500 },
} as const satisfies Limits;

export const studentLimits = {
  studentName: { label: "学生姓名", required: true, max: 50 },
  studentNo: { label: "学号", required: true, max: 30, pattern: "^[A-Za-z0-9_-]+$", patternMessage: "学号只能包含字母、数字、下划线和短横线" },
  className: { label: "班级", required: true, max: 30 },
  guardianName: { label: "监护人姓名", max: 50 },
  guardianPhone: { label: "监护人电话", max: 20 },
} as const satisfies Limits;

export const organizationLimits = {
  ...contactLimits,
  address: { label: "地址", max: 255 },
  logo: { label: "组织标志", max: 500 },
  intro: { label: "组织简介", max: 5000 },
} as const satisfies Limits;

export const tagLimits = {
  tagName: { label: "标签名称", required: true, max: 30 },
  tagColor: { label: "标签颜色", max: 20, pattern: "^#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?$", patternMessage: "标签颜色应为 #RRGGBB 格式" },
  icon: { label: "图标", max: 500 },
} as const satisfies Limits;

export const wxUserLimits = {
  realName: { label: "真实姓名", max: 50 },
  remark: { label: "备注", max: 255 },
} as const satisfies Limits;

/** Tag types of `bbh_tag_type` and the business objects their relations point at (domain.md §4.22). */
export const TAG_BIZ_TYPES = { activity: 1, red_mark: 2, question: 3 } as const;
/** Show-order bounds of a tag (domain.md §6.2 updateShowIndex). */
export const SHOW_INDEX_BOUNDS = { min: 0, max: 9999 } as const;
