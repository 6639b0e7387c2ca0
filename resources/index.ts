import { gatherResources, type ResourceModule } from "../kit/resource-module";

/**
 * Every resource folder's declaration (`resources/<area>/<module>/index.ts`, default export), gathered.
 * A new folder with an `index.ts` is picked up here without touching this file. The shell reads `resources`
 * (Refine's list) and `components` (JeecgBoot component path → lazy page) and imports nothing else from
 * `resources/`.
 */
const declared = import.meta.glob<ResourceModule>("./*/*/index.ts", { eager: true, import: "default" });

export const { resources, components } = gatherResources(declared);
