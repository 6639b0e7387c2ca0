import type { InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";

import { fakeAdapter, ok, type Handler } from "../tests/console/fake-server";
import { createDataProvider, errorNotification, toQueryParams } from "./data-provider";
import { createHttp, type HttpEffects } from "./http";

const quiet: HttpEffects = {
  notify: () => {},
  modal: () => {},
  logout: async () => {},
  removeToken: () => {},
  reload: () => {},
  setTimeout: () => {},
};

function setup(handler: Handler) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createHttp({ baseURL: "/jeecg-boot", token: () => "t", effects: quiet });
  client.axios.defaults.adapter = fakeAdapter(handler, seen);
  return { provider: createDataProvider(client), seen };
}

const meta = { apiBase: "/sys/user" };

describe("data provider (JeecgBoot conventions)", () => {
  it("lists with pageNo, pageSize, column/order and field filters, and reads records/total", async () => {
    const { provider, seen } = setup(() => ok({ records: [{ id: "1" }], total: 31, size: 10, current: 2, pages: 4 }));
    const page = await provider.getList({
      resource: "sys-user",
      meta,
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [{ field: "createTime", order: "desc" }],
      filters: [{ field: "realname", operator: "contains", value: "管理" }],
    });
    expect(seen[0].url).toBe("/sys/user/list");
    expect(seen[0].method).toBe("get");
    expect(seen[0].params).toMatchObject({ pageNo: 2, pageSize: 10, column: "createTime", order: "desc", realname: "*管理*" });
    expect(page).toEqual({ data: [{ id: "1" }], total: 31 });
  });

  it("turns filter operators into JeecgBoot values", () => {
    expect(
      toQueryParams([
        { field: "username", operator: "contains", value: "ad" },
        { field: "sex", operator: "eq", value: "1" },
        { field: "status", operator: "in", value: ["1", "2"] },
        { field: "delFlag", operator: "ne", value: "1" },
        { field: "createTime", operator: "gte", value: "2024-01-01" },
        { field: "createTime", operator: "lte", value: "2024-01-31" },
        { field: "phone", operator: "eq", value: "" },
      ]),
    ).toEqual({
      username: "*ad*",
      sex: "1",
      status: "1,2",
      delFlag: "!1",
      createTime_begin: "2024-01-01",
      createTime_end: "2024-01-31",
    });
  });

  it("gets one record by queryById?id=", async () => {
    const { provider, seen } = setup(() => ok({ id: "7", username: "jeecg" }));
    const { data } = await provider.getOne({ resource: "sys-user", id: "7", meta });
    expect(seen[0].url).toBe("/sys/user/queryById");
    expect(seen[0].params).toMatchObject({ id: "7" });
    expect(data).toEqual({ id: "7", username: "jeecg" });
  });

  it("creates with POST <base>/add and updates with PUT <base>/edit carrying the id", async () => {
    const { provider, seen } = setup(() => ok(null, { message: "添加成功！" }));
    await provider.create({ resource: "sys-user", variables: { username: "a" }, meta });
    await provider.update({ resource: "sys-user", id: "9", variables: { realname: "b" }, meta });
    expect([seen[0].method, seen[0].url]).toEqual(["post", "/sys/user/add"]);
    expect([seen[1].method, seen[1].url]).toEqual(["put", "/sys/user/edit"]);
    expect(JSON.parse(seen[1].data)).toEqual({ realname: "b", id: "9" });
  });

  it("deletes with DELETE <base>/delete?id= and <base>/deleteBatch?ids=a,b", async () => {
    const { provider, seen } = setup(() => ok(null));
    await provider.deleteOne({ resource: "sys-user", id: "1", meta });
    await provider.deleteMany!({ resource: "sys-user", ids: ["1", "2"], meta });
    expect([seen[0].method, seen[0].url, seen[0].params.id]).toEqual(["delete", "/sys/user/delete", "1"]);
    expect([seen[1].method, seen[1].url, seen[1].params.ids]).toEqual(["delete", "/sys/user/deleteBatch", "1,2"]);
  });

  it("rejects a failed envelope with the server's message", async () => {
    const { provider } = setup(() => ({ body: { success: false, code: 500, message: "未找到对应实体", result: null } }));
    await expect(provider.getOne({ resource: "sys-user", id: "x", meta })).rejects.toMatchObject({
      message: "未找到对应实体",
      statusCode: 500,
    });
  });

  it("rejects an HTTP failure as already notified, so hooks stay quiet", async () => {
    const { provider } = setup(() => ({ status: 403, body: { success: false, code: 510, message: "没有权限" } }));
    const error = await provider.getList({ resource: "sys-user", meta }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ message: "没有权限", statusCode: 403, notified: true });
    expect(errorNotification(error as never)).toBe(false);
    expect(errorNotification({ message: "未找到对应实体", statusCode: 500 })).toMatchObject({
      type: "error",
      description: "未找到对应实体",
    });
  });

  it("calls custom URLs and returns the unwrapped result", async () => {
    const { provider, seen } = setup(() => ok("data:image/svg+xml;base64,AAA"));
    const { data } = await provider.custom!({ url: "/sys/randomImage/123", method: "get" });
    expect(seen[0].url).toBe("/sys/randomImage/123");
    expect(data).toBe("data:image/svg+xml;base64,AAA");
  });
});
