import { useCustom } from "@refinedev/core";

import type { DictItem } from "../contract";
import { errorNotification } from "../providers/data-provider";
import { cachedDictItems } from "../providers/dict";

export interface DictOption {
  value: string;
  label: string;
}

/**
 * Options of a dictionary: from the set received at sign-in, or fetched from
 * `/sys/dict/getDictItems/{code}` when it is not there.
 */
export function useDictOptions(code: string): DictOption[] {
  const cached = cachedDictItems(code);
  const { result } = useCustom<DictItem[]>({
    url: `/sys/dict/getDictItems/${code}`,
    method: "get",
    queryOptions: { enabled: cached === undefined, staleTime: Infinity },
    errorNotification,
  });
  const items = cached ?? (Array.isArray(result?.data) ? result.data : []);
  return items.map((item) => ({ value: String(item.value), label: item.text ?? item.label ?? item.title }));
}
