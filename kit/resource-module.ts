/**
 * A resource folder's declaration: its Refine resources and the JeecgBoot component paths (as the server
 * menu names them) its pages answer to. `resources/index.ts` gathers every folder's declaration; the shell
 * reads the gathered lists and knows no resource by name.
 */
import type { ResourceProps } from "@refinedev/core";

import type { LazyPage } from "./page";

export interface ResourceModule {
  /** Refine resources: where the API lives (`meta.apiBase`) and which codes guard actions (`meta.authCodes`). */
  resources: ResourceProps[];
  /** JeecgBoot component path → lazy page, e.g. `"system/UserList": lazyPage(() => import("./list"))`. */
  components: Record<string, LazyPage>;
}

/** Typed identity for a folder's `index.ts`: `export default defineResource({ resources, components })`. */
export function defineResource(module: ResourceModule): ResourceModule {
  return module;
}

/**
 * Merges the folders' declarations (keyed by where they come from, for the error) in key order. Two folders
 * claiming one component path or one resource name is a programming error and throws at start-up.
 */
export function gatherResources(modules: Record<string, ResourceModule>): ResourceModule {
  const resources: ResourceProps[] = [];
  const components: Record<string, LazyPage> = {};
  const claimedBy = new Map<string, string>();
  const claim = (what: string, from: string) => {
    const earlier = claimedBy.get(what);
    if (earlier) throw new Error(`${what} is declared by both ${earlier} and ${from}`);
    claimedBy.set(what, from);
  };
  for (const from of Object.keys(modules).sort()) {
    const module = modules[from];
    for (const resource of module.resources) {
      claim(`resource ${resource.name}`, from);
      resources.push(resource);
    }
    for (const [component, page] of Object.entries(module.components)) {
      claim(`component ${component}`, from);
      components[component] = page;
    }
  }
  return { resources, components };
}
