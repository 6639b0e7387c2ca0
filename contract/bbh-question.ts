/**
 * The rules of a question's options and answer (../shared/domain.md §4.17), one source for the server (add,
 * edit, Excel import) and the console's question form. Pure functions over plain data; no imports.
 */

/** `bbh_answer_type`: 1 单选, 2 多选, 3 判断, 4 填空, 5 简答. */
export const ANSWER_TYPES = { single: 1, multiple: 2, judge: 3, blank: 4, essay: 5 } as const;
export const ANSWER_TYPE_TEXT: Record<number, string> = { 1: "单选", 2: "多选", 3: "判断", 4: "填空", 5: "简答" };
export const OPTION_KEYS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;
export const OPTION_TEXT_MAX = 200;
/** 判断 always has these two options. */
export const JUDGE_OPTIONS: QuestionOption[] = [
  { key: "A", text: "正确", image: "" },
  { key: "B", text: "错误", image: "" },
];

export interface QuestionOption {
  key: string;
  text: string;
  image?: string;
}

/** Whether the answer type carries options (单选, 多选, 判断). */
export const hasOptions = (answerType: number) => answerType === 1 || answerType === 2 || answerType === 3;

/** `A, c ，B` → `["A","B","C"]` (upper-cased, de-duplicated, sorted). */
export function answerKeys(answer: string): string[] {
  return [...new Set(answer.split(/[,，、\s]+/).map((k) => k.trim().toUpperCase()).filter(Boolean))].sort();
}

/** Parses the stored/sent options JSON; a message when it is not a list of `{key, text, image?}`. */
export function parseOptions(raw: string | null | undefined): { options: QuestionOption[] } | { error: string } {
  if (raw === null || raw === undefined || raw.trim() === "") return { options: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { error: "选项不是有效的 JSON" };
  }
  if (!Array.isArray(parsed)) return { error: "选项必须是列表" };
  const options: QuestionOption[] = [];
  for (const o of parsed) {
    if (!o || typeof o !== "object") return { error: "选项格式不正确" };
    const { key, text, image } = o as Record<string, unknown>;
    if (typeof key !== "string" || typeof text !== "string" || (image !== undefined && image !== null && typeof image !== "string")) return { error: "选项格式不正确，应为 {key, text, image}" };
    options.push({ key: key.trim().toUpperCase(), text: text.trim(), image: typeof image === "string" ? image.trim() : "" });
  }
  return { options };
}

/**
 * Checks options and answer for an answer type; answers the normalised options and answer, or the problems in
 * Chinese (each naming its field: 选项 / 答案).
 */
export function checkQuestion(answerType: number, options: QuestionOption[], answer: string): { options: QuestionOption[]; answer: string } | { errors: string[] } {
  const errors: string[] = [];
  const raw = answer.trim();
  if (!raw) return { errors: ["答案不能为空"] };
  if (!hasOptions(answerType)) {
    if (answerType === 4 && raw.split("|").some((s) => !s.trim())) errors.push("填空题答案的备选项（用 | 分隔）不能为空");
    return errors.length ? { errors } : { options: [], answer: answerType === 4 ? raw.split("|").map((s) => s.trim()).join("|") : raw };
  }
  const opts = answerType === 3 ? JUDGE_OPTIONS : options;
  if (answerType !== 3) {
    if (opts.length < MIN_OPTIONS || opts.length > MAX_OPTIONS) errors.push(`选项需为${MIN_OPTIONS}到${MAX_OPTIONS}个`);
    const seen = new Set<string>();
    opts.forEach((o, i) => {
      if (o.key !== OPTION_KEYS[i]) errors.push(`选项标识应依次为 A、B、C…（第${i + 1}个选项应为 ${OPTION_KEYS[i] ?? "—"}）`);
      if (seen.has(o.key)) errors.push(`选项 ${o.key} 重复`);
      seen.add(o.key);
      if (!o.text && !o.image) errors.push(`选项 ${o.key} 的内容不能为空`);
      if (o.text.length > OPTION_TEXT_MAX) errors.push(`选项 ${o.key} 的内容不能超过${OPTION_TEXT_MAX}个字符`);
    });
  }
  const keys = answerKeys(raw);
  const present = new Set(opts.map((o) => o.key));
  const missing = keys.filter((k) => !present.has(k));
  if (missing.length && answerType !== 3) errors.push(`答案 ${missing.join("、")} 不在选项中`);
  if (answerType === 1 && keys.length !== 1) errors.push("单选题答案必须是一个选项");
  if (answerType === 2 && keys.length < 2) errors.push("多选题答案至少需要两个选项");
  if (answerType === 3 && (keys.length !== 1 || !["A", "B"].includes(keys[0]))) errors.push("判断题答案只能是 A（正确）或 B（错误）");
  const unique = [...new Set(errors)];
  return unique.length ? { errors: unique } : { options: opts.map((o) => ({ key: o.key, text: o.text, image: o.image ?? "" })), answer: keys.join(",") };
}
