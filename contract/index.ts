/**
 * The wire format shared by the console and the server (JeecgBoot 3.x style, see docs/compatibility.md).
 * Types only: nothing here may pull in code from either half.
 */

/** Every JSON answer is wrapped in this envelope. Clients decide on `success`; login flows on `code === 200`. */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A page of a list endpoint (MyBatis-Plus IPage). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Query parameters understood by every list endpoint, plus field filters. */
export interface ListQuery {
  pageNo?: number;
  pageSize?: number;
  column?: string;
  order?: "asc" | "desc";
  [field: string]: string | number | undefined;
}

export interface DictItem {
  value: string;
  text: string;
  title: string;
  label: string;
}

export type DictMap = Record<string, DictItem[]>;

export interface SysUser {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt?: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  clientId: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysDepart {
  id: string;
  parentId: string;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  delFlag: string | null;
}

export interface LoginRequest {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string | number;
  remember_me?: boolean;
}

/** `POST /sys/phoneLogin` body (contract.md §4.3): the mobile number and the SMS code sent to it. */
export interface PhoneLoginRequest {
  mobile: string;
  captcha: string;
  remember_me?: boolean;
}

/** `GET /sys/loginConfig` (an addition of this server; JeecgBoot lacks it and always wants a captcha). */
export interface LoginConfig {
  /** The login form must send `captcha` and `checkKey` (`LOGIN_CAPTCHA`). */
  captcha: boolean;
}

export interface LoginResult {
  token: string;
  userInfo: SysUser;
  departs: SysDepart[];
  /** 0 no department, 1 exactly one, 2 several */
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: DictMap;
}

export interface MenuMeta {
  title: string;
  icon?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  url?: string;
  hideTab?: boolean;
  hideMenu?: boolean;
  permissionList?: AuthEntry[];
  target?: string;
  /**
   * Our server's addition on an iframe item (`layouts/IframePageView`) for which our console has a page of its own
   * (SQL监控): the component path it renders instead of framing `url`. JeecgBoot clients ignore it.
   */
  consoleComponent?: string;
}

/** A node of the server menu (menu_type 0 and 1; buttons are never nodes). */
export interface MenuNode {
  id: string;
  /** "1" registered as a route, "0" menu only */
  route: "0" | "1";
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

/** A button/permission entry: `type` "1" show/hide, "2" enable/disable; `status` "1" valid, "0" invalid. */
export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
  status?: string;
}

export interface UserPermissions {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode: boolean;
}

/**
 * `GET /sys/permission/checkMenuPath?path=` (ours, not JeecgBoot's): whether any menu item, granted to the
 * caller or not, has that console path. The console shows 403 instead of 404 for such a path.
 */
export interface MenuPathCheck {
  known: boolean;
}

export interface CurrentUserDeparts {
  list: SysDepart[];
  orgCode: string | null;
}

/** Messages whose exact text clients test for. */
export const TOKEN_INVALID_MESSAGE = "Token失效，请重新登录";
/** A frozen account: the login answer, and (HTTP 401) the answer to a frozen user's open session. */
export const FROZEN_USER_MESSAGE = "该用户已冻结";
