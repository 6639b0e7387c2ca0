import type { DictItem, DictMap } from "../contract";
import { local, StorageKeys } from "./storage";

/** Items of a dictionary from the set stored at sign-in (`sysAllDictItems`), if present. */
export function cachedDictItems(code: string): DictItem[] | undefined {
  const all = local.get<DictMap>(StorageKeys.dictCache);
  const items = all?.[code];
  return Array.isArray(items) ? items : undefined;
}
