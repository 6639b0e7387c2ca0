/**
 * The one map from JeecgBoot component paths (as the server menu names them) to lazy pages.
 * A path not listed here opens the "unknown component" page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

import type { NavRoute } from "../providers/menu";

export interface PageProps {
  route: NavRoute;
  /** The record an announcement opens its page with (`{ id: busId }`, contract §9.3). */
  id?: string;
}

type PageModule = { default: ComponentType<PageProps> };
export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

/** A page chunk that has not arrived after this long fails (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function page(load: () => Promise<PageModule>): LazyPage {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("页面加载超时，请刷新重试")), CHUNK_LOAD_TIMEOUT_MS);
        load().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
  );
}

const pages = {
  "dashboard/Analysis": page(() => import("./pages/dashboard/analysis")),
  "dashboard/Workplace": page(() => import("./pages/dashboard/workplace")),
  "layouts/IframePageView": page(() => import("./pages/iframe-page")),
  "system/UserList": page(() => import("../resources/system/user/list")),
  "system/RoleUserList": page(() => import("../resources/system/role/list")),
  "system/PermissionList": page(() => import("../resources/system/permission/list")),
  "system/DepartList": page(() => import("../resources/system/depart/list")),
  "system/DepartUserList": page(() => import("../resources/system/depart-user/list")),
  "system/DictList": page(() => import("../resources/system/dict/list")),
  "system/SysPositionList": page(() => import("../resources/system/position/list")),
  "system/SysCheckRuleList": page(() => import("../resources/system/check-rule/list")),
  "system/SysFillRuleList": page(() => import("../resources/system/fill-rule/list")),
  "system/SysCategoryList": page(() => import("../resources/system/category/list")),
  "system/AddressList": page(() => import("../resources/system/address-list/list")),
  "system/SysDataSourceList": page(() => import("../resources/system/data-source/list")),
  "system/UserAnnouncementList": page(() => import("./pages/announcement/my-announcements")),
  "modules/monitor/SqlMonitor": page(() => import("./pages/monitor/sql-monitor")),
  "exception/403": page(() => import("./pages/exception/exception-403")),
  "exception/404": page(() => import("./pages/exception/exception-404")),
  "exception/500": page(() => import("./pages/exception/exception-500")),
  "result/Success": page(() => import("./pages/result/success")),
  "result/Error": page(() => import("./pages/result/fail")),
  "examples/list/TableList": page(() => import("./pages/examples/list/table-list")),
  "examples/list/search/SearchLayout": page(() => import("./pages/examples/list/table-list")),
  "examples/list/TableInnerEditList": page(() => import("./pages/examples/list/table-inner-edit-list")),
  "examples/list/UserList": page(() => import("./pages/examples/list/user-list")),
  "examples/list/RoleList": page(() => import("./pages/examples/list/role-list")),
  "examples/list/PermissionList": page(() => import("./pages/examples/list/permission-list")),
  "examples/list/StandardList": page(() => import("./pages/examples/list/standard-list")),
  "examples/list/CardList": page(() => import("./pages/examples/list/card-list")),
  "examples/form/BasicForm": page(() => import("./pages/examples/form/basic-form")),
  "examples/form/stepForm/StepForm": page(() => import("./pages/examples/form/step-form")),
  "examples/form/advancedForm/AdvancedForm": page(() => import("./pages/examples/form/advanced-form")),
  "examples/profile/basic/Index": page(() => import("./pages/examples/profile/basic")),
  "examples/profile/advanced/Advanced": page(() => import("./pages/examples/profile/advanced")),
  "account/center/Index": page(() => import("./pages/account/center")),
  "account/settings/Index": page(() => import("./pages/account/settings/base-setting")),
  "account/settings/BaseSetting": page(() => import("./pages/account/settings/base-setting")),
  "account/settings/Security": page(() => import("./pages/account/settings/security")),
  "account/settings/Custom": page(() => import("./pages/account/settings/custom")),
  "account/settings/Binding": page(() => import("./pages/account/settings/binding")),
  "account/settings/Notification": page(() => import("./pages/account/settings/notification")),
} satisfies Record<string, LazyPage>;

export type RegisteredComponent = keyof typeof pages;

export const UnknownComponentPage = page(() => import("./pages/unknown-component"));

export function isRegistered(component: string): component is RegisteredComponent {
  return Object.prototype.hasOwnProperty.call(pages, component);
}

export function resolvePage(component: string): LazyPage {
  return isRegistered(component) ? pages[component] : UnknownComponentPage;
}
