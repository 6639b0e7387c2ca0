/**
 * What a request's text may carry (docs/security.md "Text fields"). Every string of a JSON body is plain
 * text unless its schema says otherwise with `x-text` (server/lib/field-schema.ts):
 *
 * - plain (the default): markup is removed (`stripMarkup`) — titles, names, remarks, codes, everything;
 * - `rich`: HTML from the console's editor, kept but sanitised (`sanitizeRichText`, sanitize-html's
 *   allow-list); the modules may sanitise again with a stricter list of their own (announcements);
 * - `json`: JSON text (question options, grade rules, field mappings): the markup of its string values is
 *   removed and the rest left as written; text that is not JSON is treated as plain (the module refuses it);
 * - `verbatim`: kept exactly as sent — passwords, the few definitions whose text is a pattern (check-rule
 *   JSON holds regular expressions, where `(?<name>…)` is not markup) and a message template's test values
 *   (substituted as text, HTML-escaped into HTML channels).
 *
 * `cleanText(schema, value)` applies this to a parsed body by its schema; the `text-fields` plugin runs it
 * before validation on every route, and the Excel imports run it on the bodies they build, so no module
 * decides (or forgets) on its own.
 */
import sanitizeHtml from "sanitize-html";
import { TEXT_KIND, type TextKind } from "./field-schema.js";

/** Elements whose content is not text a reader sees: dropped with their tags (as sanitize-html does). */
const NON_TEXT = new Set(["script", "style", "textarea", "option", "xmp", "iframe", "noembed", "noframes", "noscript", "title", "template", "object"]);

const isLetter = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";

/** Index just past the `>` that ends the tag whose name ends at `from` (quoted attribute values may hold `>`), or the end. */
function tagEnd(text: string, from: number): number {
  let i = from;
  let lastNonSpace = "";
  while (i < text.length) {
    const c = text[i];
    if (c === ">") return i + 1;
    if ((c === '"' || c === "'") && lastNonSpace === "=") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return text.length;
      i = close + 1;
      lastNonSpace = c;
      continue;
    }
    if (!isSpace(c)) lastNonSpace = c;
    i++;
  }
  return text.length;
}

function stripOnce(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (lt < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    const next = text[lt + 1];
    if (next === "!") {
      if (text.startsWith("<!--", lt)) {
        const close = text.indexOf("-->", lt + 4);
        i = close < 0 ? text.length : close + 3;
      } else {
        const close = text.indexOf(">", lt + 2);
        i = close < 0 ? text.length : close + 1;
      }
    } else if (next === "?") {
      const close = text.indexOf(">", lt + 2);
      i = close < 0 ? text.length : close + 1;
    } else if (next === "/" && lt + 2 < text.length) {
      // An end tag, `</>`, or (`</` and anything else) a bogus comment: all end at the next `>`.
      i = isLetter(text[lt + 2]) ? tagEnd(text, lt + 2) : text.indexOf(">", lt + 2) < 0 ? text.length : text.indexOf(">", lt + 2) + 1;
    } else if (isLetter(next)) {
      let nameEnd = lt + 1;
      while (nameEnd < text.length && !isSpace(text[nameEnd]) && text[nameEnd] !== ">" && text[nameEnd] !== "/") nameEnd++;
      const name = text.slice(lt + 1, nameEnd).toLowerCase();
      i = tagEnd(text, nameEnd);
      if (NON_TEXT.has(name)) {
        // Its content up to the matching end tag goes too (an unclosed one takes the rest).
        const closing = new RegExp(`</${name}(?=[\\s/>]|$)`, "i");
        const match = closing.exec(text.slice(i));
        i = match ? tagEnd(text, i + match.index + name.length + 2) : text.length;
      }
    } else {
      // `<` that starts no markup ("a < b", "1<2", "<=", "<>") is text.
      out += "<";
      i = lt + 1;
    }
  }
  return out;
}

/**
 * Plain text from what may hold markup, as an HTML parser would read the markup: a `<` followed by a
 * letter, `/`, `!` or `?` opens a tag, an end tag, a comment or a declaration, which is removed up to its
 * `>` (an unclosed one takes the rest, as a browser drops it; so `a<b` keeps only `a`); `script`, `style` and the like go with their
 * content. Everything else stays exactly as typed: a `<` that opens nothing, `&`, entities (not decoded,
 * so `&lt;b&gt;` stays text). Repeated until nothing changes, so `<<b>b>` cannot reassemble a tag.
 */
export function stripMarkup(text: string): string {
  let current = text;
  for (;;) {
    if (!current.includes("<")) return current;
    const next = stripOnce(current);
    if (next === current) return current;
    current = next;
  }
}

/** The rich-text allow-list: formatting, lists, tables, links, images and media; never scripts or handlers. */
export const RICH_TEXT_OPTIONS = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "del", "ins", "u", "s", "font", "video", "audio", "source"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    "*": ["style", "class"],
    img: ["src", "alt", "width", "height"],
    video: ["src", "controls", "poster"],
    audio: ["src", "controls"],
    source: ["src", "type"],
  },
} satisfies sanitizeHtml.IOptions;

/** Rich text from the console's editor, XSS-sanitised. */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT_OPTIONS);

type Node = {
  type?: unknown;
  properties?: Record<string, Node>;
  additionalProperties?: unknown;
  items?: Node | Node[];
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  [TEXT_KIND]?: TextKind;
};

/** A node and the branches of its unions, flattened (depth-bounded). */
function expand(nodes: Node[], depth = 0): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (!node || typeof node !== "object") continue;
    out.push(node);
    if (depth < 6) out.push(...expand([...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])], depth + 1));
  }
  return out;
}

/** The kind of text a value described by `nodes` is: plain unless a schema there says otherwise. */
export function textKind(nodes: Node[]): TextKind {
  const kinds = new Set(expand(nodes).map((n) => n[TEXT_KIND]));
  for (const kind of ["verbatim", "rich", "json"] as const) if (kinds.has(kind)) return kind;
  return "plain";
}

/** JSON text with the markup of its string values (not keys) removed; as written when there was none. */
export function stripJsonMarkup(text: string): string {
  if (!text.includes("<")) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return stripMarkup(text);
  }
  let changed = false;
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") {
      const s = stripMarkup(v);
      if (s !== v) changed = true;
      return s;
    }
    if (v === null || typeof v !== "object" || depth > 32) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
  };
  const cleaned = walk(parsed, 0);
  return changed ? JSON.stringify(cleaned) : text;
}

function clean(nodes: Node[], value: unknown, depth: number): unknown {
  if (typeof value === "string") {
    const kind = textKind(nodes);
    if (kind === "verbatim") return value;
    if (kind === "json") return stripJsonMarkup(value);
    return kind === "rich" ? sanitizeRichText(value) : stripMarkup(value);
  }
  if (value === null || typeof value !== "object" || depth > 32) return value;
  const flat = expand(nodes);
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      clean(
        flat.flatMap((n) => (n.items === undefined ? [] : Array.isArray(n.items) ? [n.items[index]] : [n.items])),
        item,
        depth + 1,
      ),
    );
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const children = flat.flatMap((n) => {
      const own = n.properties && Object.prototype.hasOwnProperty.call(n.properties, key) ? n.properties[key] : undefined;
      if (own) return [own];
      return n.additionalProperties && typeof n.additionalProperties === "object" ? [n.additionalProperties as Node] : [];
    });
    const cleaned = clean(children, record[key], depth + 1);
    if (cleaned !== record[key]) record[key] = cleaned;
  }
  return record;
}

/**
 * `value` (a parsed JSON body) with every string cleaned by the kind its place in `schema` declares; a
 * string the schema does not describe is plain text. Objects and arrays are cleaned in place.
 */
export function cleanText<T>(schema: unknown, value: T): T {
  return clean(schema && typeof schema === "object" ? [schema as Node] : [], value, 0) as T;
}
