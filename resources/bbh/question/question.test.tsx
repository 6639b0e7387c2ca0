import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Form } from "antd";
import { afterEach, describe, expect, it } from "vitest";

import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import QuestionListPage from "./list";
import QuestionTypeListPage from "./type-list";
import { QuestionFields, questionToBody, questionToForm, type QuestionFormValues } from "./question-form";
import type { TypeNode } from "./resource";

const TYPES: TypeNode[] = [{ key: "t1", title: "党史", value: "t1", children: [{ key: "t2", title: "建党时期", value: "t2" }] }];

function dictProvider(): DataProvider {
  return { ...recordingDataProvider([]).provider, custom: async () => ({ data: [] as never }) };
}

/** The drawer's form on its own: the fields, and a 提交 that validates and builds the body as the page does. */
function renderForm(initial: QuestionFormValues) {
  const bodies: Array<Record<string, unknown>> = [];
  function Harness() {
    const [form] = Form.useForm<QuestionFormValues>();
    return (
      <Form form={form} initialValues={initial} layout="vertical">
        <QuestionFields types={TYPES} />
        <button
          type="button"
          onClick={async () => {
            const ok = await form.validateFields().then(() => true, () => false);
            if (ok) bodies.push(questionToBody(form.getFieldsValue(true) as QuestionFormValues));
          }}
        >
          提交
        </button>
      </Form>
    );
  }
  render(
    <TestWrapper dataProvider={dictProvider()}>
      <Harness />
    </TestWrapper>,
  );
  return bodies;
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "提交" }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function chooseAnswerType(text: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: "题型" }));
  fireEvent.click(await screen.findByTitle(text));
}

describe("question form", () => {
  it("单选: four option inputs, one correct key; the body carries the options JSON and the key", async () => {
    const bodies = renderForm({ ...questionToForm(), typeId: "t2" });
    fireEvent.change(screen.getByPlaceholderText("请输入题干"), { target: { value: "遵义会议召开于哪一年？" } });
    ["1927", "1931", "1935", "1937"].forEach((v, i) => type(`选项${"ABCD"[i]}`, v));
    submit();
    expect(await screen.findByText("请选择正确答案", {}, { timeout: 8000 })).toBeTruthy();
    expect(bodies).toHaveLength(0);
    fireEvent.click(screen.getByLabelText("C"));
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 8000 });
    expect(bodies[0]).toMatchObject({ typeId: "t2", answerType: 1, content: "遵义会议召开于哪一年？", answer: "C", difficulty: 1, score: 5, qStatus: 1 });
    expect(JSON.parse(String(bodies[0].options))).toEqual([
      { key: "A", text: "1927", image: "" },
      { key: "B", text: "1931", image: "" },
      { key: "C", text: "1935", image: "" },
      { key: "D", text: "1937", image: "" },
    ]);
  });

  it("adds options up to H and removes them down to two", async () => {
    renderForm({ ...questionToForm(), typeId: "t2" });
    const add = () => screen.getByRole("button", { name: /添加选项/ });
    for (let i = 0; i < 4; i++) {
      fireEvent.click(add());
      await screen.findByLabelText(`选项${"EFGH"[i]}`);
    }
    expect(add().hasAttribute("disabled")).toBe(true);
    for (const key of ["H", "G", "F", "E", "D", "C"]) fireEvent.click(screen.getByRole("button", { name: `删除选项${key}` }));
    await waitFor(() => expect(screen.queryByLabelText("选项C")).toBeNull());
    expect(screen.getByRole("button", { name: "删除选项B" }).hasAttribute("disabled")).toBe(true);
  });

  it("多选 needs two correct keys, in the server's words", async () => {
    const bodies = renderForm({ ...questionToForm(), typeId: "t2", content: "哪些发生在江西？" });
    await chooseAnswerType("多选");
    ["南昌起义", "遵义会议", "井冈山会师"].forEach((v, i) => type(`选项${"ABC"[i]}`, v));
    fireEvent.click(screen.getByRole("button", { name: "删除选项D" }));
    await waitFor(() => expect(screen.queryByLabelText("选项D")).toBeNull());
    fireEvent.click(screen.getByLabelText("C"));
    submit();
    expect(await screen.findByText("多选题答案至少需要两个选项", {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByLabelText("A"));
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 8000 });
    expect(bodies[0]).toMatchObject({ answerType: 2, answer: "A,C" });
    expect(JSON.parse(String(bodies[0].options))).toHaveLength(3);
  });

  it("判断 shows the fixed A 正确 / B 错误; 填空 takes alternatives", async () => {
    const bodies = renderForm({ ...questionToForm(), typeId: "t1", content: "南昌起义打响了第一枪。" });
    await chooseAnswerType("判断");
    expect(screen.queryByLabelText("选项A")).toBeNull();
    fireEvent.click(screen.getByLabelText("B 错误"));
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 8000 });
    expect(bodies[0]).toMatchObject({ answerType: 3, answer: "B", options: JSON.stringify([{ key: "A", text: "正确", image: "" }, { key: "B", text: "错误", image: "" }]) });
    await chooseAnswerType("填空");
    fireEvent.change(screen.getByPlaceholderText("请输入答案"), { target: { value: "宝塔|宝塔山" } });
    submit();
    await waitFor(() => expect(bodies).toHaveLength(2), { timeout: 8000 });
    expect(bodies[1]).toMatchObject({ answerType: 4, answer: "宝塔|宝塔山", options: null });
  });

  it("loads a stored 多选 back into the form", () => {
    const values = questionToForm({ id: "q", typeId: "t2", answerType: 2, content: "x", options: JSON.stringify([{ key: "A", text: "甲" }, { key: "B", text: "乙" }, { key: "C", text: "丙" }]), answer: "A,C", difficulty: 2, score: 8, qStatus: 0, tagIds: "g1,g2" });
    expect(values).toMatchObject({ answerType: "2", correct: ["A", "C"], options: [{ text: "甲" }, { text: "乙" }, { text: "丙" }], difficulty: "2", score: 8, qStatus: "0", tagIds: ["g1", "g2"] });
  });
});

const route: NavRoute = {
  path: "/bbh/question",
  name: "bbh-question",
  title: "题目",
  component: "bbh/question/QuestionList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/bbh/question",
  trail: [],
};

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

describe("question list import", () => {
  it("shows every bad row of a refused file with its row, column and reason", async () => {
    grant("bbh:question:import");
    const data = recordingDataProvider([{ id: "q1", content: "遵义会议召开于哪一年？", answerType: 1, answerType_dictText: "单选", typeName: "党史", difficulty: 1, score: 5, qStatus: 1 }]);
    const calls: Array<{ url: string; meta?: Record<string, unknown> }> = [];
    const provider: DataProvider = {
      ...data.provider,
      custom: async ({ url, meta }) => {
        calls.push({ url, meta });
        if (url.endsWith("/importExcel"))
          throw Object.assign(new Error("x"), {
            message: "文件导入失败:共2行数据有误，未导入任何数据。第3行：「分类名称」「近代史」不存在",
            statusCode: 400,
            result: { errors: [{ line: 3, column: "分类名称", message: "「近代史」不存在" }, { line: 5, column: "答案", message: "单选题答案必须是一个选项" }] },
          });
        return { data: [] as never };
      },
    };
    const { container } = render(
      <TestWrapper dataProvider={provider}>
        <QuestionListPage route={route} />
      </TestWrapper>,
    );
    await screen.findByText("遵义会议召开于哪一年？");
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "题目.xlsx")] } });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("文件导入失败:共2行数据有误，未导入任何数据。")).toBeTruthy();
    expect(within(dialog).getByText("第3行")).toBeTruthy();
    expect(within(dialog).getByText("「近代史」不存在")).toBeTruthy();
    expect(within(dialog).getByText("第5行")).toBeTruthy();
    expect(within(dialog).getByText("单选题答案必须是一个选项")).toBeTruthy();
    // Quiet: the page shows the refusal itself instead of the error notification.
    expect(calls.find((c) => c.url.endsWith("/importExcel"))?.meta).toMatchObject({ envelope: true, quiet: true });
  });
});

describe("question type tree page", () => {
  it("shows the tree with counts and offers 添加下级 with the parent chosen", async () => {
    grant("bbh:questionType:add", "bbh:questionType:edit", "bbh:questionType:delete");
    const provider: DataProvider = {
      ...recordingDataProvider([]).provider,
      custom: async ({ url }) => {
        if (url.endsWith("/treeList"))
          return {
            data: [
              { id: "t1", pid: "0", typeName: "党史", hasChild: "1", sortNo: 1, typeStatus: 1, typeStatus_dictText: "启用", questionCount: 0, totalCount: 8, children: [{ id: "t2", pid: "t1", typeName: "建党时期", hasChild: "0", sortNo: 1, typeStatus: 1, questionCount: 1, totalCount: 1, children: null }] },
            ] as never,
          };
        return { data: [] as never };
      },
    };
    render(
      <TestWrapper dataProvider={provider}>
        <QuestionTypeListPage route={{ ...route, title: "题目分类", component: "bbh/question/QuestionTypeList" }} />
      </TestWrapper>,
    );
    expect(await screen.findByText("建党时期", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText("8（本级 0）")).toBeTruthy();
    const row = screen.getByText("党史").closest("tr")!;
    fireEvent.click(within(row).getByText("添加下级"));
    expect(await screen.findByText("添加下级 - 党史")).toBeTruthy();
  });
});
