import { describe, expect, it } from "vitest";

import { createLocalStore, readSessionList, SESSION_TTL_MS, StorageKeys, writeSessionList } from "./storage";

describe("local storage in vue-ls format", () => {
  it("writes pro__<KEY> = {value, expire} with the 7-day expiry", () => {
    const store = createLocalStore(localStorage, () => 1_000);
    store.set(StorageKeys.accessToken, "jwt", SESSION_TTL_MS);
    expect(SESSION_TTL_MS).toBe(604_800_000);
    expect(JSON.parse(localStorage.getItem("pro__Access-Token")!)).toEqual({ value: "jwt", expire: 1_000 + 604_800_000 });
  });

  it("writes expire null when no expiry is given", () => {
    createLocalStore(localStorage).set(StorageKeys.sidebarType, true);
    expect(JSON.parse(localStorage.getItem("pro__SIDEBAR_TYPE")!)).toEqual({ value: true, expire: null });
  });

  it("reads an entry until it expires, then as absent (and drops it)", () => {
    let now = 0;
    const store = createLocalStore(localStorage, () => now);
    store.set(StorageKeys.loginUsername, "admin", 100);
    now = 100;
    expect(store.get(StorageKeys.loginUsername)).toBe("admin");
    now = 101;
    expect(store.get(StorageKeys.loginUsername)).toBeUndefined();
    expect(localStorage.getItem("pro__Login_Username")).toBeNull();
  });

  it("reads entries written by the Vue client", () => {
    localStorage.setItem("pro__Login_Userinfo", JSON.stringify({ value: { username: "admin" }, expire: null }));
    expect(createLocalStore(localStorage).get(StorageKeys.loginUserInfo)).toEqual({ username: "admin" });
  });

  it("reads a malformed entry as absent", () => {
    localStorage.setItem("pro__Access-Token", "not json");
    expect(createLocalStore(localStorage).get(StorageKeys.accessToken, "fallback")).toBe("fallback");
  });

  it("keeps button auth lists in session storage as plain JSON under the bare key", () => {
    writeSessionList(StorageKeys.userButtonAuth, [{ action: "user:add", type: "1", describe: "添加" }]);
    expect(sessionStorage.getItem("LOGIN_USER_BUTTON_AUTH")).toBe('[{"action":"user:add","type":"1","describe":"添加"}]');
    expect(readSessionList(StorageKeys.userButtonAuth)).toHaveLength(1);
  });
});
