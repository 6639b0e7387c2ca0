import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

import { lazyPage } from "../../kit/page";
import { gatherResources, type ResourceModule } from "../../kit/resource-module";
import { components, resources } from "../../resources";
import { isRegistered, resolvePage } from "../../src/registry";

const RESOURCES = resolve(import.meta.dirname, "../../resources");
const folders = readdirSync(RESOURCES, { withFileTypes: true })
  .filter((area) => area.isDirectory())
  .flatMap((area) =>
    readdirSync(join(RESOURCES, area.name), { withFileTypes: true })
      .filter((module) => module.isDirectory())
      .map((module) => `${area.name}/${module.name}`),
  );

describe("resource folders declare their own pages", () => {
  it("every resource folder has an index.ts declaring pages, and resources/index.ts gathers all of it", async () => {
    expect(folders.length).toBeGreaterThanOrEqual(12);
    for (const folder of folders) {
      expect(existsSync(join(RESOURCES, folder, "index.ts")), `${folder}/index.ts`).toBe(true);
      const declared = ((await import(/* @vite-ignore */ join(RESOURCES, folder, "index.ts"))) as { default: ResourceModule }).default;
      expect(Object.keys(declared.components).length, folder).toBeGreaterThan(0);
      for (const [component, page] of Object.entries(declared.components)) {
        expect(components[component], `${folder}: ${component}`).toBe(page);
        expect(isRegistered(component)).toBe(true);
        expect(resolvePage(component)).toBe(page);
      }
      for (const resource of declared.resources) expect(resources).toContain(resource);
    }
  });

  it("the system pages keep their JeecgBoot component paths", () => {
    for (const component of [
      "system/UserList",
      "system/RoleUserList",
      "system/PermissionList",
      "system/DepartList",
      "system/DepartUserList",
      "system/DictList",
      "system/SysPositionList",
      "system/SysCheckRuleList",
      "system/SysFillRuleList",
      "system/SysCategoryList",
      "system/AddressList",
      "system/SysDataSourceList",
    ]) {
      expect(Object.keys(components), component).toContain(component);
    }
    expect(resources.map((resource) => resource.name)).toEqual(expect.arrayContaining(["sys-user", "sys-role", "sys-permission", "sys-dict"]));
  });

  it("refuses two folders claiming one component path or one resource name", () => {
    const page = lazyPage(async () => ({ default: () => null }));
    const a: ResourceModule = { resources: [{ name: "bbh-activity" }], components: { "bbh/ActivityList": page } };
    expect(() => gatherResources({ "./bbh/a/index.ts": a, "./bbh/b/index.ts": { resources: [], components: { "bbh/ActivityList": page } } })).toThrow(
      "component bbh/ActivityList is declared by both ./bbh/a/index.ts and ./bbh/b/index.ts",
    );
    expect(() => gatherResources({ "./bbh/a/index.ts": a, "./bbh/b/index.ts": { resources: [{ name: "bbh-activity" }], components: {} } })).toThrow(
      "resource bbh-activity is declared by both",
    );
    expect(gatherResources({ "./bbh/a/index.ts": a }).components).toEqual({ "bbh/ActivityList": page });
  });
});
