import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../providers/access-control";
import { recordingDataProvider, TestWrapper } from "../tests/console/test-wrapper";
import { ExcelButtons, importErrorLines } from "./excel-buttons";

// The server's import refusal (server/lib/excel.ts importErrors).
const REFUSAL = "文件导入失败:共2行数据有误，未导入任何数据。第3行：学校「不存在的学校」不存在；第5行：学号「D100」与第2行重复";

afterEach(() => clearAuthLists());

describe("Excel import refusal", () => {
  it("reads the bad rows out of the server's message", () => {
    expect(importErrorLines(REFUSAL)).toEqual(["第3行：学校「不存在的学校」不存在", "第5行：学号「D100」与第2行重复"]);
    expect(importErrorLines("文件导入失败:不是有效的 Excel（.xlsx）文件")).toEqual([]);
  });

  it("lists every bad row in a dialog when the server refuses a file", async () => {
    setAuthLists([{ action: "bbh:student:import", type: "1", describe: "导入" }], [{ action: "bbh:student:import", type: "1", describe: "导入", status: "1" }]);
    const provider: DataProvider = {
      ...recordingDataProvider([]).provider,
      custom: async ({ url }) => {
        if (url.endsWith("/importExcel")) throw Object.assign(new Error(REFUSAL), { statusCode: 400 });
        return { data: [] as never };
      },
    };
    const { container } = render(
      <TestWrapper dataProvider={provider}>
        <ExcelButtons base="/bbh/api/student" title="学生" filters={[]} sorters={[]} exportCode="bbh:student:export" importCode="bbh:student:import" onImported={() => undefined} />
      </TestWrapper>,
    );
    const input = await waitFor(() => container.querySelector("input[type=file]") as HTMLInputElement);
    fireEvent.change(input, { target: { files: [new File(["x"], "students.xlsx")] } });
    const list = await screen.findByLabelText("导入错误");
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["第3行：学校「不存在的学校」不存在", "第5行：学号「D100」与第2行重复"]);
    expect(screen.getAllByText("文件导入失败，未导入任何数据").length).toBeGreaterThan(0);
  });
});
