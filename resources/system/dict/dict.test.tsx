import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import DictListPage from "./list";

const route: NavRoute = {
  path: "/isystem/dict",
  name: "isystem-dict",
  title: "数据字典",
  component: "system/DictList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/isystem/dict",
  trail: [],
};

function renderPage() {
  const data = recordingDataProvider([{ id: "d1", dictName: "性别", dictCode: "sex", description: null }]);
  const customCalls: Array<{ url: string; query?: unknown }> = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, query }) => {
      customCalls.push({ url, query });
      return { data: null as never };
    },
  };
  render(
    <TestWrapper dataProvider={provider}>
      <DictListPage route={route} />
    </TestWrapper>,
  );
  return { customCalls };
}

afterEach(() => clearAuthLists());

describe("数据字典 form (validation on change, issue 13 item 6)", () => {
  it("after a failed submit, the 字典编码 required error goes away as soon as the user types; the server check waits for blur", async () => {
    setAuthLists([{ action: "system:dict:add", type: "1", describe: "" }], [{ action: "system:dict:add", type: "1", describe: "", status: "1" }]);
    const { customCalls } = renderPage();
    await screen.findByText("性别");
    fireEvent.click(screen.getByRole("button", { name: /新\s*增/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s*定/ }));
    expect(await within(dialog).findByText("请输入字典编码!")).toBeTruthy();
    expect(within(dialog).getByText("请输入字典名称!")).toBeTruthy();

    const code = within(dialog).getByPlaceholderText("请输入字典编码");
    fireEvent.change(code, { target: { value: "color" } });
    // No blur: typing alone clears the error.
    await waitFor(() => expect(within(dialog).queryByText("请输入字典编码!")).toBeNull());
    // A wrong value is reported while typing too.
    fireEvent.change(code, { target: { value: "9color" } });
    expect(await within(dialog).findByText("字典编码以字母开头，只能包含字母、数字和下划线")).toBeTruthy();
    fireEvent.change(code, { target: { value: "color" } });
    await waitFor(() => expect(within(dialog).queryByText("字典编码以字母开头，只能包含字母、数字和下划线")).toBeNull());
    // The unique-value check asks the server on blur, not per keystroke.
    expect(customCalls.filter((c) => c.url === "/sys/duplicate/check")).toHaveLength(0);
    fireEvent.blur(code);
    await waitFor(() => expect(customCalls.filter((c) => c.url === "/sys/duplicate/check")).toHaveLength(1));
    expect(customCalls[0].query).toMatchObject({ tableName: "sys_dict", fieldName: "dict_code", fieldVal: "color" });
  });
});
