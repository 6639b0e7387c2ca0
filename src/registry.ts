/**
 * The one map from JeecgBoot component paths (as the server menu names them) to lazy pages: the shell's
 * own pages listed here, the resources' pages as their folders declare them (`resources/index.ts`).
 * A path in neither opens the "unknown component" page.
 */
import { createElement, Suspense } from "react";

import { lazyPage as page, type LazyPage, type PageOpener } from "../kit/page";
import { components as resourcePages } from "../resources";
import { PageLoading } from "./components/page-loading";

/** The shell's own pages: dashboards, account, exception and result pages, examples, monitoring, frames. */
const shellPages = {
  "dashboard/Analysis": page(() => import("./pages/dashboard/analysis")),
  "dashboard/Workplace": page(() => import("./pages/dashboard/workplace")),
  "dashboard/Monitor": page(() => import("./pages/dashboard/monitor")),
  "layouts/IframePageView": page(() => import("./pages/iframe-page")),
  "system/UserAnnouncementList": page(() => import("./pages/announcement/my-announcements")),
  "modules/monitor/SqlMonitor": page(() => import("./pages/monitor/sql-monitor")),
  "modules/monitor/SystemInfo": page(() => import("./pages/monitor/system-info")),
  "modules/monitor/DiskMonitoring": page(() => import("./pages/monitor/disk")),
  "modules/monitor/JvmInfo": page(() => import("./pages/monitor/runtime-info")),
  "modules/monitor/TomcatInfo": page(() => import("./pages/monitor/http-info")),
  "modules/monitor/RedisInfo": page(() => import("./pages/monitor/redis-info")),
  "modules/monitor/HttpTrace": page(() => import("./pages/monitor/http-trace")),
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

const claimedTwice = Object.keys(resourcePages).filter((component) => Object.prototype.hasOwnProperty.call(shellPages, component));
if (claimedTwice.length > 0) throw new Error(`component paths declared by the shell and a resource: ${claimedTwice.join(", ")}`);

const pages: Record<string, LazyPage> = { ...shellPages, ...resourcePages };

export const UnknownComponentPage = page(() => import("./pages/unknown-component"));

export function isRegistered(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(pages, component);
}

export function resolvePage(component: string): LazyPage {
  return isRegistered(component) ? pages[component] : UnknownComponentPage;
}

/** Opens registered pages for kit parts (`PageOpenerContext`), e.g. an announcement's component. */
export const pageOpener: PageOpener = {
  has: isRegistered,
  render: (component, props) => createElement(Suspense, { fallback: createElement(PageLoading) }, createElement(resolvePage(component), props)),
};
