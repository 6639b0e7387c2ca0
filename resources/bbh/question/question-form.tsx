import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, TreeSelect, Typography } from "antd";
import type { Rule } from "antd/es/form";

import { questionLimits } from "../../../contract/bbh-limits";
import { JUDGE_OPTIONS, MAX_OPTIONS, MIN_OPTIONS, OPTION_KEYS, checkQuestion, hasOptions, parseOptions } from "../../../contract/bbh-question";
import { useDictOptions } from "../../../kit/dict";
import { limitRules } from "../../../kit/validators";
import type { TypeNode } from "./resource";

export interface QuestionRow {
  id: string;
  typeId: string;
  typeName?: string | null;
  answerType: number;
  answerType_dictText?: string;
  content: string;
  options?: string | null;
  answer: string;
  analysis?: string | null;
  difficulty: number;
  difficulty_dictText?: string;
  score: number;
  redMarkId?: string | null;
  redMarkName?: string | null;
  qStatus: number;
  qStatus_dictText?: string;
  tagIds?: string | null;
  tagNames?: string | null;
  useCount?: number | null;
  correctRate?: number | null;
  createTime?: string;
  [key: string]: unknown;
}

/** What the drawer's form holds: options as rows, the correct answer as keys (choice types) or text. */
export interface QuestionFormValues {
  typeId?: string;
  answerType?: string;
  content?: string;
  options?: Array<{ text?: string }>;
  /** 单选 / 判断: one key; 多选: keys. */
  correct?: string | string[];
  /** 填空 / 简答. */
  answer?: string;
  analysis?: string;
  difficulty?: string;
  score?: number;
  qStatus?: string;
  redMarkId?: string;
  tagIds?: string[];
}

const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

/** A list row (or a new question) → the form. */
export function questionToForm(row?: Partial<QuestionRow>): QuestionFormValues {
  if (!row) return { answerType: "1", options: [{ text: "" }, { text: "" }, { text: "" }, { text: "" }], difficulty: "1", score: 5, qStatus: "1" };
  const type = Number(row.answerType);
  const parsed = parseOptions(row.options ?? null);
  const options = "options" in parsed ? parsed.options : [];
  const keys = (row.answer ?? "").split(",").filter(Boolean);
  return {
    typeId: row.typeId,
    answerType: str(row.answerType),
    content: row.content,
    options: type === 1 || type === 2 ? options.map((o) => ({ text: o.text })) : [{ text: "" }, { text: "" }, { text: "" }, { text: "" }],
    correct: type === 2 ? keys : type === 1 || type === 3 ? keys[0] : undefined,
    answer: type === 4 || type === 5 ? row.answer : undefined,
    analysis: row.analysis ?? undefined,
    difficulty: str(row.difficulty) ?? "1",
    score: row.score ?? 5,
    qStatus: str(row.qStatus) ?? "1",
    redMarkId: row.redMarkId ?? undefined,
    tagIds: row.tagIds ? row.tagIds.split(",") : [],
  };
}

const optionRows = (values: QuestionFormValues) => (values.options ?? []).map((o, i) => ({ key: OPTION_KEYS[i], text: (o?.text ?? "").trim(), image: "" }));
const answerOf = (values: QuestionFormValues) => {
  const type = Number(values.answerType);
  if (type === 4 || type === 5) return values.answer ?? "";
  return Array.isArray(values.correct) ? values.correct.join(",") : (values.correct ?? "");
};

/** The form → the server's body (options as the JSON the bank stores). */
export function questionToBody(values: QuestionFormValues): Record<string, unknown> {
  const type = Number(values.answerType);
  return {
    typeId: values.typeId,
    answerType: type,
    content: values.content,
    options: type === 1 || type === 2 ? JSON.stringify(optionRows(values)) : type === 3 ? JSON.stringify(JUDGE_OPTIONS) : null,
    answer: answerOf(values),
    analysis: values.analysis ?? null,
    difficulty: Number(values.difficulty ?? 1),
    score: values.score ?? 5,
    qStatus: Number(values.qStatus ?? 1),
    redMarkId: values.redMarkId ?? null,
    tagIds: (values.tagIds ?? []).join(","),
  };
}

/** The server's rules (contract/bbh-question.ts) on the options and the correct answer, in its words. */
const answerRule: Rule = ({ getFieldsValue }) => ({
  validator: async () => {
    const values = getFieldsValue(true) as QuestionFormValues;
    const type = Number(values.answerType);
    if (!type) return;
    const answer = answerOf(values);
    if (!answer.trim()) throw new Error(hasOptions(type) ? "请选择正确答案" : "请输入答案");
    const checked = checkQuestion(type, optionRows(values), answer);
    if ("errors" in checked) throw new Error(checked.errors[0]);
  },
});

interface TreeOption {
  title: string;
  value: string;
  children?: TreeOption[];
}
export const toTree = (nodes: TypeNode[] | null | undefined): TreeOption[] =>
  (nodes ?? []).map((n) => ({ title: n.typeStatus === 0 ? `${n.title}（停用）` : n.title, value: n.value, children: n.children?.length ? toTree(n.children) : undefined }));

/** The question form's fields; the answer type decides the options editor and the answer input (domain.md §7.3). */
export function QuestionFields(props: { types: TypeNode[]; marks?: Array<{ value: string; label: string }>; tags?: Array<{ value: string; label: string }> }) {
  const form = Form.useFormInstance<QuestionFormValues>();
  const answerTypes = useDictOptions("bbh_answer_type");
  const difficulties = useDictOptions("bbh_difficulty");
  const statuses = useDictOptions("bbh_enable_status");
  const type = Number(Form.useWatch("answerType", form) ?? 0);
  const options = Form.useWatch("options", form) as QuestionFormValues["options"];
  const keys = (options ?? []).map((_, i) => OPTION_KEYS[i]);
  const revalidate = () => void form.validateFields(["correct"]).catch(() => undefined);

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="题目分类" name="typeId" rules={[{ required: true, message: "请选择题目分类" }]}>
          <TreeSelect treeData={toTree(props.types)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder="请选择题目分类" aria-label="题目分类" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="题型" name="answerType" rules={[{ required: true, message: "请选择题型" }]}>
          <Select
            options={answerTypes.length ? answerTypes : [1, 2, 3, 4, 5].map((v) => ({ value: String(v), label: ["单选", "多选", "判断", "填空", "简答"][v - 1] }))}
            placeholder="请选择题型"
            aria-label="题型"
            onChange={() => form.setFieldValue("correct", undefined)}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="题干" name="content" rules={limitRules(questionLimits.content)}>
          <Input.TextArea rows={3} placeholder="请输入题干" />
        </Form.Item>
      </Col>
      {(type === 1 || type === 2) && (
        <Col span={24}>
          <Form.Item label={`选项（${MIN_OPTIONS}到${MAX_OPTIONS}个）`} required>
            <Form.List name="options">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: "100%" }}>
                  {fields.map((field, i) => (
                    <Space key={field.key} align="baseline" className="question-option">
                      <Typography.Text strong style={{ width: 20, display: "inline-block" }}>
                        {OPTION_KEYS[i]}
                      </Typography.Text>
                      <Form.Item name={[field.name, "text"]} style={{ marginBottom: 0, width: 520 }} rules={[{ required: true, whitespace: true, message: `请输入选项 ${OPTION_KEYS[i]} 的内容` }, { max: questionLimits.optionText.max, message: `选项内容不能超过${questionLimits.optionText.max}个字符` }]}>
                        <Input placeholder={`选项 ${OPTION_KEYS[i]} 的内容`} aria-label={`选项${OPTION_KEYS[i]}`} onChange={revalidate} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= MIN_OPTIONS}
                        aria-label={`删除选项${OPTION_KEYS[i]}`}
                        onClick={() => {
                          remove(field.name);
                          form.setFieldValue("correct", type === 2 ? [] : undefined);
                        }}
                      />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= MAX_OPTIONS} onClick={() => add({ text: "" })}>
                    添加选项
                  </Button>
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item label="正确答案" name="correct" rules={[answerRule]} dependencies={["options", "answerType"]}>
            {type === 2 ? (
              <Checkbox.Group options={keys.map((k) => ({ value: k, label: k }))} aria-label="正确答案" />
            ) : (
              <Radio.Group options={keys.map((k) => ({ value: k, label: k }))} aria-label="正确答案" />
            )}
          </Form.Item>
        </Col>
      )}
      {type === 3 && (
        <Col span={24}>
          <Form.Item label="正确答案" name="correct" rules={[answerRule]}>
            <Radio.Group aria-label="判断答案">
              {JUDGE_OPTIONS.map((o) => (
                <Radio key={o.key} value={o.key}>
                  {o.key} {o.text}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
      )}
      {(type === 4 || type === 5) && (
        <Col span={24}>
          <Form.Item
            label={type === 4 ? "答案" : "参考答案"}
            name="answer"
            extra={type === 4 ? "多个可接受的答案用 | 分隔，如：宝塔|宝塔山" : undefined}
            rules={[...limitRules(questionLimits.answer), answerRule]}
          >
            {type === 4 ? <Input placeholder="请输入答案" /> : <Input.TextArea rows={3} placeholder="请输入参考答案" />}
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item label="解析" name="analysis" rules={limitRules(questionLimits.analysis)}>
          <Input.TextArea rows={2} placeholder="请输入解析" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="难度" name="difficulty">
          <Select options={difficulties} aria-label="难度" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="分值" name="score" rules={[{ type: "number", min: 0, max: 1000, message: "分值需在0到1000之间" }]}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="状态" name="qStatus">
          <Select options={statuses} aria-label="状态" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="关联印记" name="redMarkId">
          <Select allowClear showSearch optionFilterProp="label" options={props.marks ?? []} placeholder="可选" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="标签" name="tagIds">
          <Select mode="multiple" allowClear optionFilterProp="label" options={props.tags ?? []} placeholder="可选" />
        </Form.Item>
      </Col>
    </Row>
  );
}
