import { describe, expect, it } from "vitest";

import type { AuthEntry } from "../contract";
import { accessControlProvider, buildAccess, clearAuthLists, getAccess, setAuthLists } from "./access-control";

const entry = (action: string, type = "1", status?: string): AuthEntry => ({ action, type, describe: action, status });

describe("v-has rule (contract §7.1)", () => {
  it("shows an action present in auth", () => {
    expect(buildAccess([entry("user:add")], [entry("user:add", "1", "1")]).has("user:add")).toBe(true);
  });

  it("hides an action the user lacks while its rule is active", () => {
    expect(buildAccess([], [entry("user:add", "1", "1")]).has("user:add")).toBe(false);
  });

  it("hides an action nobody configured when the user lacks it", () => {
    expect(buildAccess([entry("user:edit")], []).has("user:add")).toBe(false);
  });

  it("shows an action whose allAuth rule has status 0 (rule switched off) to everyone", () => {
    expect(buildAccess([], [entry("user:add", "1", "0")]).has("user:add")).toBe(true);
  });

  it("accepts any comma-separated part of an auth action", () => {
    const access = buildAccess([entry("user:add,user:edit")], []);
    expect(access.has("user:edit")).toBe(true);
    expect(access.has("user:add,user:edit")).toBe(false);
  });

  it("ignores type-2 entries for showing", () => {
    expect(buildAccess([entry("user:form:phone", "2")], []).has("user:form:phone")).toBe(false);
    expect(buildAccess([], [entry("user:form:phone", "2", "0")]).has("user:form:phone")).toBe(false);
  });

  it("disables a type-2 field configured in allAuth unless the user has it", () => {
    const configured = [entry("user:form:birthday", "2", "1")];
    expect(buildAccess([], configured).isDisabled("user:form:birthday")).toBe(true);
    expect(buildAccess([entry("user:form:birthday", "2")], configured).isDisabled("user:form:birthday")).toBe(false);
    expect(buildAccess([], []).isDisabled("user:form:birthday")).toBe(false);
  });
});

describe("access control provider", () => {
  it("answers synchronously from the lists set at sign-in, and stores them in session storage", async () => {
    setAuthLists([entry("user:add")], [entry("user:add", "1", "1"), entry("user:edit", "1", "1")]);
    expect(getAccess().has("user:add")).toBe(true);
    expect(JSON.parse(sessionStorage.getItem("SYS_BUTTON_AUTH")!)).toHaveLength(2);
    const resource = { name: "sys-user", meta: { authCodes: { create: "user:add", edit: "user:edit" } } };
    await expect(accessControlProvider.can({ resource: "sys-user", action: "create", params: { resource } })).resolves.toEqual({
      can: true,
    });
    await expect(accessControlProvider.can({ resource: "sys-user", action: "edit", params: { resource } })).resolves.toMatchObject({
      can: false,
    });
  });

  it("allows actions that carry no permission code", async () => {
    clearAuthLists();
    await expect(accessControlProvider.can({ resource: "sys-user", action: "list" })).resolves.toEqual({ can: true });
  });

  it("checks an explicit code passed in params", async () => {
    clearAuthLists();
    await expect(
      accessControlProvider.can({ resource: "sys-user", action: "export", params: { code: "user:export" } }),
    ).resolves.toMatchObject({ can: false });
  });
});
