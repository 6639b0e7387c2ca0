/**
 * The limits of the system forms' text fields: one source for both halves. The server builds its body schemas
 * from these (server/lib/field-schema.ts, so its 400 answers name the field by `label`), the console builds
 * its form rules from them (resources/system/shared/validators.ts `limitRules`), so a form refuses what the
 * server would refuse, with the same Chinese wording, before any request is sent.
 *
 * Plain data and message builders only: nothing here may pull in code from either half.
 */

export interface FieldLimit {
  /** The field's Chinese label, used in every message about it (never the property name). */
  readonly label: string;
  /** Most characters accepted. */
  readonly max: number;
  /** Fewest characters of a non-empty value (a required field is at least 1). */
  readonly min?: number;
  /** The value must be present and not blank. */
  readonly required?: boolean;
  /** A regular expression (source, anchored) a non-empty value must match. */
  readonly pattern?: string;
  /** What to say when `pattern` does not match; default `${label}格式不正确`. */
  readonly patternMessage?: string;
  /**
   * What the text may carry (server/lib/text.ts): plain text by default, whose markup the server removes;
   * `verbatim` is kept exactly (passwords, patterns); `rich` is editor HTML, sanitised; `json` is JSON text
   * whose string values are plain text.
   */
  readonly text?: "rich" | "json" | "verbatim";
}

type Limits = Record<string, FieldLimit>;

/** `用户姓名不能超过100个字符` */
export const maxLengthMessage = (label: string, max: number) => `${label}不能超过${max}个字符`;
/** `规则JSON不能少于2个字符` */
export const minLengthMessage = (label: string, min: number) => `${label}不能少于${min}个字符`;
/** `请输入用户姓名!` */
export const requiredMessage = (label: string) => `请输入${label}!`;
/** The pattern's own message, or `${label}格式不正确`. */
export const patternMessage = (limit: FieldLimit) => limit.patternMessage ?? `${limit.label}格式不正确`;

const CODE = "^[A-Za-z0-9_-]+$";
const CODE_MESSAGE = "只能包含字母、数字、下划线和短横线";

/**
 * The longest login name: the user form, the sign-in body, and every column that holds a login name (sys_user,
 * sys_log.userid, the audit columns create_by/update_by and the other *_by columns of server/db/schema.ts).
 */
export const USERNAME_MAX = 100;

export const userLimits = {
  username: { label: "用户账号", required: true, max: USERNAME_MAX, pattern: "^[^\\s,]+$", patternMessage: "用户账号不能包含空格或逗号" },
  password: { label: "登录密码", required: true, max: 128, text: "verbatim" },
  realname: { label: "用户姓名", required: true, max: 100 },
  avatar: { label: "头像", max: 255 },
  workNo: { label: "工号", max: 100 },
  post: { label: "职务", max: 100 },
  telephone: { label: "座机", max: 45 },
  email: { label: "邮箱", max: 45, pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", patternMessage: "请输入正确格式的邮箱!" },
  phone: { label: "手机号码", max: 11, pattern: "^1[3-9]\\d{9}$", patternMessage: "请输入正确格式的手机号码!" },
} as const satisfies Limits;

/** Roles and department roles share these. */
export const roleLimits = {
  roleName: { label: "角色名称", required: true, max: 200 },
  roleCode: { label: "角色编码", required: true, max: 100, pattern: "^[A-Za-z0-9_:-]+$", patternMessage: "角色编码只能包含字母、数字、下划线、冒号和短横线" },
  description: { label: "描述", max: 255 },
} as const satisfies Limits;

export const departLimits = {
  departName: { label: "机构名称", required: true, max: 100 },
  departNameEn: { label: "英文名", max: 500 },
  departNameAbbr: { label: "缩写", max: 500 },
  description: { label: "描述", max: 500 },
  mobile: { label: "手机号", max: 32 },
  fax: { label: "传真", max: 32 },
  address: { label: "地址", max: 100 },
  memo: { label: "备注", max: 500 },
} as const satisfies Limits;

export const dictLimits = {
  dictName: { label: "字典名称", required: true, max: 100 },
  dictCode: { label: "字典编码", required: true, max: 100, pattern: "^[A-Za-z][A-Za-z0-9_]*$", patternMessage: "字典编码以字母开头，只能包含字母、数字和下划线" },
  description: { label: "描述", max: 255 },
} as const satisfies Limits;

export const dictItemLimits = {
  itemText: { label: "名称", required: true, max: 100 },
  itemValue: { label: "数据值", required: true, max: 100 },
  description: { label: "描述", max: 255 },
} as const satisfies Limits;

export const positionLimits = {
  code: { label: "职务编码", required: true, max: 100, pattern: "^\\S+$", patternMessage: "职务编码不能包含空白字符" },
  name: { label: "职务名称", required: true, max: 100 },
  companyId: { label: "公司", max: 255 },
} as const satisfies Limits;

export const checkRuleLimits = {
  ruleName: { label: "规则名称", required: true, max: 100 },
  ruleCode: { label: "规则编码", required: true, max: 100, pattern: CODE, patternMessage: `规则编码${CODE_MESSAGE}` },
  ruleJson: { label: "规则JSON", required: true, min: 2, max: 1024, text: "verbatim" },
  ruleDescription: { label: "规则描述", max: 200 },
} as const satisfies Limits;

export const fillRuleLimits = {
  ruleName: { label: "规则名称", required: true, max: 100 },
  ruleCode: { label: "规则编码", required: true, max: 100, pattern: CODE, patternMessage: `规则编码${CODE_MESSAGE}` },
  ruleClass: { label: "规则实现类", required: true, max: 100 },
  ruleParams: { label: "规则参数", max: 200, text: "json" },
} as const satisfies Limits;

export const dataSourceLimits = {
  code: { label: "数据源编码", required: true, max: 100, pattern: CODE, patternMessage: `数据源编码${CODE_MESSAGE}` },
  name: { label: "数据源名称", required: true, max: 100 },
  remark: { label: "备注", max: 200 },
  dbType: { label: "数据库类型", required: true, max: 10, pattern: "^\\d{1,2}$" },
  dbDriver: { label: "驱动类", max: 100 },
  dbUrl: { label: "数据源地址", required: true, max: 500 },
  dbName: { label: "数据库名称", max: 100 },
  dbUsername: { label: "用户名", max: 100 },
  dbPassword: { label: "密码", max: 100, text: "verbatim" },
} as const satisfies Limits;

export const categoryLimits = {
  name: { label: "分类名称", required: true, max: 100 },
  code: { label: "分类编码", required: true, max: 100, pattern: CODE, patternMessage: `分类编码${CODE_MESSAGE}` },
} as const satisfies Limits;

/** 菜单管理 (sys_permission). */
export const permissionLimits = {
  name: { label: "名称", required: true, max: 100 },
  perms: { label: "授权标识", max: 255, pattern: "^[A-Za-z0-9:_,.-]+$", patternMessage: "授权标识只能包含字母、数字和 : _ , . -" },
  icon: { label: "菜单图标", max: 100 },
  component: { label: "前端组件", max: 255 },
  componentName: { label: "组件名称", max: 100 },
  url: { label: "菜单路径", max: 255 },
  redirect: { label: "默认跳转地址", max: 255 },
  description: { label: "描述", max: 255 },
} as const satisfies Limits;

/** 数据规则 of a menu. */
export const dataRuleLimits = {
  ruleName: { label: "规则名称", required: true, max: 50 },
  ruleColumn: { label: "规则字段", max: 50, pattern: "^[A-Za-z_][A-Za-z0-9_]*$", patternMessage: "规则字段只能包含字母、数字和下划线，且不能以数字开头" },
  ruleConditions: { label: "条件", required: true, max: 50 },
  ruleValue: { label: "规则值", required: true, max: 300 },
} as const satisfies Limits;

/** Every resource's limits, for tests that compare both halves. */
export const FORM_LIMITS = {
  user: userLimits,
  role: roleLimits,
  depart: departLimits,
  dict: dictLimits,
  dictItem: dictItemLimits,
  position: positionLimits,
  checkRule: checkRuleLimits,
  fillRule: fillRuleLimits,
  dataSource: dataSourceLimits,
  category: categoryLimits,
  permission: permissionLimits,
  dataRule: dataRuleLimits,
} as const;
