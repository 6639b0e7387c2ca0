/**
 * JeecgBoot's hierarchical codes (`YouBianCodeUtil`, contract.md §10.3): each level adds one letter and two
 * digits. Used for department org codes (`org_num_role`) and category codes (`category_code_rule`).
 */

const SEGMENT = /^(.*)([A-Z])(\d{2})$/;

/** The code after `code` at the same level: A01→A02, A99→B01, Z99→Z99A01 (the code grows). */
export function nextSiblingCode(code: string): string {
  const m = SEGMENT.exec(code);
  if (!m) throw new Error(`编码「${code}」不符合编码规则`);
  const [, prefix, letter, digits] = m;
  const n = Number(digits);
  if (n < 99) return `${prefix}${letter}${String(n + 1).padStart(2, "0")}`;
  if (letter < "Z") return `${prefix}${String.fromCharCode(letter.charCodeAt(0) + 1)}01`;
  return `${code}A01`;
}

/** The next code below `parentCode` (empty for roots), given the highest existing sibling code, if any. */
export function nextChildCode(parentCode: string, highestSibling: string | null | undefined): string {
  return highestSibling ? nextSiblingCode(highestSibling) : `${parentCode}A01`;
}

/** Orders codes so the last one is the highest: longer codes come after shorter ones (Z99 < Z99A01). */
export function highestCode(codes: Array<string | null | undefined>): string | null {
  let best: string | null = null;
  for (const c of codes) {
    if (!c || !SEGMENT.test(c)) continue;
    if (best === null || c.length > best.length || (c.length === best.length && c > best)) best = c;
  }
  return best;
}
