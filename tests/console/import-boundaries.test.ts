/**
 * The console's layers, checked over every import in the tree (docs/architecture.md, "Console layers"):
 *   contract ← providers ← kit ← resources ← src (the shell)
 * The shell reaches resources only through `resources/index.ts`; resources and the kit never reach into the
 * shell; nothing of the console imports the server. Test files (`*.test.*`) and tests/ are not checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CONSOLE_DIRS = ["src", "kit", "resources", "providers", "contract"] as const;
type Layer = (typeof CONSOLE_DIRS)[number];

/** What each layer may import besides itself (and npm packages). */
const ALLOWED: Record<Layer, readonly string[]> = {
  contract: [],
  providers: ["contract"],
  kit: ["providers", "contract"],
  resources: ["kit", "providers", "contract"],
  src: ["kit", "providers", "contract", "resources"],
};
/** The one file of resources/ the shell may import. */
const RESOURCES_ENTRY = ["resources", "resources/index", "resources/index.ts"];

interface SourceFile {
  /** Path from the repository root, `/`-separated. */
  path: string;
  source: string;
}

/** Every module specifier of a file: static imports and exports, side-effect imports, `import()`. */
export function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

function layerOf(path: string): string {
  return path.split("/")[0];
}

/** The broken rules, one line each: `file → specifier: why`. */
export function boundaryViolations(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file.path) as Layer;
    for (const spec of specifiers(file.source)) {
      if (!spec.startsWith(".")) continue;
      const target = join(dirname(file.path), spec).split(sep).join("/");
      const to = layerOf(target);
      if (to === from) continue;
      const line = `${file.path} → ${spec}`;
      if (target.startsWith("..")) found.push(`${line}: outside the repository`);
      else if (!ALLOWED[from].includes(to)) found.push(`${line}: ${from}/ may not import ${to}/`);
      else if (from === "src" && to === "resources" && !RESOURCES_ENTRY.includes(target)) {
        found.push(`${line}: the shell imports resources/index.ts only`);
      }
    }
  }
  return found;
}

function sourcesUnder(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => {
      const path = relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/");
      return { path, source: readFileSync(join(ROOT, path), "utf8") };
    });
}

describe("console import boundaries", () => {
  it("the rules catch a resource reaching into the shell, the shell reaching past resources/index.ts, and the kit reaching up", () => {
    const violations = boundaryViolations([
      { path: "resources/system/user/list.tsx", source: 'import type { PageProps } from "../../../src/registry";' },
      { path: "src/registry.ts", source: 'const page = lazy(() => import("../resources/system/user/list"));' },
      { path: "src/App.tsx", source: 'import { resources } from "../resources";\nimport { useAccess } from "../kit/auth";' },
      { path: "kit/crud-page.tsx", source: 'export { USER_RESOURCE } from "../resources/system/user/resource";' },
      { path: "providers/http.ts", source: '// import { x } from "../kit/auth"\nimport "../server/config";' },
      { path: "contract/index.ts", source: 'export * from "./limits";' },
    ]);
    expect(violations).toEqual([
      "resources/system/user/list.tsx → ../../../src/registry: resources/ may not import src/",
      "src/registry.ts → ../resources/system/user/list: the shell imports resources/index.ts only",
      "kit/crud-page.tsx → ../resources/system/user/resource: kit/ may not import resources/",
      "providers/http.ts → ../server/config: providers/ may not import server/",
    ]);
  });

  it("holds for every console source file", () => {
    const files = CONSOLE_DIRS.flatMap(sourcesUnder);
    expect(files.length).toBeGreaterThan(100);
    // The shell does reach resources, through the entry: the scan sees real imports.
    expect(files.some((file) => file.path.startsWith("src/") && specifiers(file.source).includes("../resources"))).toBe(true);
    expect(boundaryViolations(files)).toEqual([]);
  });
});
