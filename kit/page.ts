/**
 * What a page is to the shell: the props every page gets and the lazy wrapper every page is loaded through.
 * Both the shell's own pages and the resources' pages use these, so they live in the kit.
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
