/**
 * Issue 9, for databases seeded before: files stored in an S3-compatible bucket are recorded with
 * `storage_type = 's3'`, which the `bbh_storage_type` dictionary gains here (fresh databases get it from
 * dicts.ts). The dictionary cache follows the version trigger on `sys_dict_item`.
 */
import { and, eq, max } from "drizzle-orm";
import type { Db } from "../client.js";
import { sysDict, sysDictItem } from "../schema.js";
import { nextId } from "../../lib/ids.js";

export const S3_STORAGE_ITEM = ["s3", "S3兼容存储"] as const;

export async function seedS3StorageType(tx: Db): Promise<void> {
  const [dict] = await tx.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, "bbh_storage_type"));
  if (!dict) return;
  const [has] = await tx.select({ id: sysDictItem.id }).from(sysDictItem).where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, S3_STORAGE_ITEM[0])));
  if (has) return;
  const [{ last }] = await tx.select({ last: max(sysDictItem.sortOrder) }).from(sysDictItem).where(eq(sysDictItem.dictId, dict.id));
  await tx.insert(sysDictItem).values({ id: nextId(), dictId: dict.id, itemValue: S3_STORAGE_ITEM[0], itemText: S3_STORAGE_ITEM[1], sortOrder: (last ?? 0) + 1, status: 1, createBy: "system" });
}
