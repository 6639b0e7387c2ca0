/**
 * What a page is to the shell: the props every page gets and the lazy wrapper every page is loaded through.
 * Both the shell's own pages and the resources' pages use these, so they live in the kit.
 */
import { createContext, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

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

/** A page loaded on first render from its own chunk: `lazyPage(() => import("./list"))`. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("页面加载超时，请刷新重试")), CHUNK_LOAD_TIMEOUT_MS);
        load().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
  );
}

/**
 * How the shell opens a page by its JeecgBoot component path, for kit parts that open pages themselves (the
 * announcement viewer's `openType: component`). The shell provides it; without it nothing is openable.
 */
export interface PageOpener {
  has(component: string): boolean;
  /** The page in a suspense boundary of the shell's choosing. */
  render(component: string, props: PageProps): ReactNode;
}

export const PageOpenerContext = createContext<PageOpener>({ has: () => false, render: () => null });
