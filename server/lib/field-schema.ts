/**
 * Request schemas that name their fields in Chinese. Every user-facing property of a body carries a `title`
 * (its label); `server/plugins/errors.ts` reads it to say 「用户姓名」不能超过100个字符 instead of the property
 * name. Form text fields are built from the limits in `contract/limits.ts`, which the console's forms use too.
 */
import { Type, type Static, type TInteger, type TNumber, type TSchema } from "typebox";
import type { FieldLimit } from "../../contract/limits.js";

/**
 * A copy of `schema` with a `title`. TypeBox keeps its own markers (`~kind`, `~optional`) as non-enumerable
 * properties, so a plain spread would drop them (and with them `Type.Optional`).
 */
export function titled<T extends TSchema>(schema: T, title: string): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as T & { title?: string };
  copy.title = title;
  return copy;
}

/**
 * A number that may be null, as one JSON-schema type list (`type: ["integer", "null"]`, `enum` gaining null).
 * Not `Type.Union([Type.Null(), …])`: Fastify's Ajv coerces types, and inside `anyOf` the null branch turns a
 * 0 into null (with the number first, a null into 0). With a type list Ajv keeps a value of either type as it is
 * and still reads "3" as 3 and "" as null.
 */
export function nullable<T extends TInteger | TNumber>(schema: T) {
  const { type, enum: values, ...rest } = schema as unknown as { type: string; enum?: unknown[] } & Record<string, unknown>;
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, "null"], ...(values ? { enum: [...values, null] } : {}) });
}

/**
 * Date and date-time text as the wire carries it, with the years of server/lib/dates.ts (1900 … 9999) and real
 * months, days, hours, minutes and seconds, so a body's date is refused by its schema, naming the field, before
 * it reaches a parser or the database. (A day the month lacks, 02-31, is left to `parseDateTime`.)
 */
export const DATE_YEARS = "(?:19\\d{2}|[2-9]\\d{3})";
const DAY = `${DATE_YEARS}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])`;
/** `yyyy-MM-dd` */
export const DATE_PATTERN = `^${DAY}$`;
/** `yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss` */
export const DATE_TIME_PATTERN = `^${DAY}(?: (?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?)?$`;

/**
 * The schema keyword that says what a request string may carry (server/lib/text.ts, docs/security.md):
 * absent means plain text, whose markup is removed before validation; `rich` is editor HTML, sanitised;
 * `json` is JSON text whose string values are plain text; `verbatim` is kept exactly (passwords, patterns).
 * It shows in the OpenAPI document as it is.
 */
export const TEXT_KIND = "x-text";
export type TextKind = "plain" | "rich" | "json" | "verbatim";

/** A copy of `schema` declared as `kind` text (keeping TypeBox's markers, as `titled` does). */
export function textKindOf<T extends TSchema>(schema: T, kind: Exclude<TextKind, "plain">): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as T & { [TEXT_KIND]?: TextKind };
  copy[TEXT_KIND] = kind;
  return copy;
}
/** Kept exactly as sent: passwords, and definitions whose text is a pattern. */
export const verbatim = <T extends TSchema>(schema: T) => textKindOf(schema, "verbatim");
/** HTML from the console's editor, sanitised by the rich-text allow-list. */
export const richText = <T extends TSchema>(schema: T) => textKindOf(schema, "rich");
/** JSON text (options, rules, mappings): its string values are plain text, its syntax is left alone. */
export const jsonText = <T extends TSchema>(schema: T) => textKindOf(schema, "json");

const kindOf = (limit: FieldLimit) => (limit.text ? { [TEXT_KIND]: limit.text } : {});

/** Optional, nullable text: JeecgBoot clients send null or "" for an empty field. */
export const OptionalText = (maxLength: number, title: string, pattern?: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ title, maxLength, ...(pattern ? { pattern: `^$|${pattern}` } : {}) })], { title }));

/** Optional, nullable rich text (HTML from the editor, sanitised before validation). */
export const OptionalRichText = (maxLength: number, title: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ title, maxLength, [TEXT_KIND]: "rich" })], { title }));

/** A form text field from its contract limit: required (non-empty) or optional (null and "" allowed). */
export function textField<L extends FieldLimit>(
  limit: L,
): L extends { required: true } ? ReturnType<typeof requiredText> : ReturnType<typeof OptionalText>;
export function textField(limit: FieldLimit) {
  if (limit.required) return requiredText(limit);
  return Type.Optional(
    Type.Union([Type.Null(), Type.String({ title: limit.label, maxLength: limit.max, ...(limit.pattern ? { pattern: `^$|${limit.pattern}` } : {}), ...kindOf(limit) })], { title: limit.label }),
  );
}

/** A required text field from its contract limit (also for a field that is required only when sent). */
export const requiredText = (limit: FieldLimit) =>
  Type.String({ title: limit.label, minLength: limit.min ?? 1, maxLength: limit.max, ...(limit.pattern ? { pattern: limit.pattern } : {}), ...kindOf(limit) });

type Node = { title?: unknown; properties?: Record<string, Node>; items?: Node | Node[]; anyOf?: Node[]; oneOf?: Node[]; allOf?: Node[]; additionalProperties?: unknown };

const branches = (node: Node): Node[] => [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];

/** The schemas that may describe the value at `instancePath` (a union's branches each count). */
function nodesAt(root: unknown, instancePath: string): Node[] {
  let nodes: Node[] = root && typeof root === "object" ? [root as Node] : [];
  const segments = instancePath.split("/").slice(1).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
  for (const segment of segments) {
    const next: Node[] = [];
    const visit = (node: Node) => {
      for (const b of branches(node)) visit(b);
      const prop = node.properties?.[segment];
      if (prop) next.push(prop);
      else if (/^\d+$/.test(segment) && node.items) next.push(Array.isArray(node.items) ? node.items[Number(segment)] : node.items);
    };
    for (const n of nodes) if (n) visit(n);
    nodes = next;
  }
  return nodes;
}

/** The Chinese label of the field at `instancePath` in a request schema, if the schema gives one. */
export function fieldTitle(root: unknown, instancePath: string): string | undefined {
  if (!instancePath) return undefined;
  const search = (node: Node, depth: number): string | undefined => {
    if (typeof node.title === "string" && node.title) return node.title;
    if (depth > 3) return undefined;
    for (const b of branches(node)) {
      const t = search(b, depth + 1);
      if (t) return t;
    }
    return undefined;
  };
  for (const node of nodesAt(root, instancePath)) {
    const t = search(node, 0);
    if (t) return t;
  }
  return undefined;
}

/** Every property path of an object schema (through unions and arrays) that has no title: the regression check. */
export function untitledProperties(root: unknown, prefix = ""): string[] {
  const out: string[] = [];
  const walk = (node: Node | undefined, path: string, depth: number) => {
    if (!node || typeof node !== "object" || depth > 6) return;
    for (const b of branches(node)) walk(b, path, depth + 1);
    if (node.items && !Array.isArray(node.items)) walk(node.items, `${path}[]`, depth + 1);
    for (const [key, prop] of Object.entries(node.properties ?? {})) {
      const here = path ? `${path}.${key}` : key;
      if (!fieldTitle({ properties: { [key]: prop } }, `/${key}`)) out.push(here);
      walk(prop, here, depth + 1);
    }
  };
  walk(root as Node, prefix, 0);
  return out;
}
