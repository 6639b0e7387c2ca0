/**
 * The one map from JeecgBoot component paths (as the server menu names them) to lazy pages.
 * A path not listed here opens the "unknown component" page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

import type { NavRoute } from "../providers/menu";

export interface PageProps {
  route: NavRoute;
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
  "layouts/IframePageView": page(() => import("./pages/iframe-page")),
  "system/UserList": page(() => import("../resources/system/user/list")),
} satisfies Record<string, LazyPage>;

export type RegisteredComponent = keyof typeof pages;

export const UnknownComponentPage = page(() => import("./pages/unknown-component"));

export function isRegistered(component: string): component is RegisteredComponent {
  return Object.prototype.hasOwnProperty.call(pages, component);
}

export function resolvePage(component: string): LazyPage {
  return isRegistered(component) ? pages[component] : UnknownComponentPage;
}
