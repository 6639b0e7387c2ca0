/**
 * A fresh `npm install` on the Node version the README states prints no engine warning: every package in
 * the lock file accepts that version (npm warns with EBADENGINE otherwise).
 */
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));

describe("install on the stated Node version", () => {
  it("states the same minimum Node version in package.json and the README", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const minimum = semver.minVersion(pkg.engines.node)!.version;
    expect(readme).toContain(`Node ≥ ${minimum.replace(/\.0$/, "")}`);
  });

  it("locks no package that refuses that Node version", () => {
    const minimum = semver.minVersion(pkg.engines.node)!.version;
    const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>)
      .filter(([name, entry]) => name && entry.engines?.node && !semver.satisfies(minimum, entry.engines.node))
      .map(([name, entry]) => `${name} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
