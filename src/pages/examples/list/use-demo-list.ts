import type { TablePaginationConfig } from "antd";
import { useMemo, useState } from "react";

/**
 * The state of a demo list on local in-memory rows: a query that filters them, the current page, and
 * save/remove that change the rows (lost on reload, never sent to the server).
 */
export function useDemoList<T extends { key: number }, Q extends object>(initial: readonly T[], match: (row: T, query: Q) => boolean) {
  const [rows, setRows] = useState<T[]>(() => initial.map((row) => ({ ...row })));
  const [query, setQuery] = useState<Q>({} as Q);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const filtered = useMemo(() => rows.filter((row) => match(row, query)), [rows, query]);

  const search = (next: Q) => {
    setQuery(next);
    setPage((p) => ({ ...p, current: 1 }));
  };

  /** Replaces the row with the same key, or adds a new row (with the next key) at the top. */
  const save = (row: Omit<T, "key"> & { key?: number }) =>
    setRows((list) => {
      if (row.key !== undefined && list.some((r) => r.key === row.key)) return list.map((r) => (r.key === row.key ? ({ ...r, ...row } as T) : r));
      const key = list.reduce((max, r) => Math.max(max, r.key), 0) + 1;
      return [{ ...row, key } as T, ...list];
    });

  const remove = (key: number) => setRows((list) => list.filter((r) => r.key !== key));

  const pagination: TablePaginationConfig = {
    ...page,
    total: filtered.length,
    showSizeChanger: true,
    showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
    onChange: (current, pageSize) => setPage({ current, pageSize }),
  };

  return { rows: filtered, all: rows, search, save, remove, pagination };
}

/** Case-insensitive "contains" for a search text that may be empty. */
export function contains(value: string, text: string | undefined): boolean {
  return !text?.trim() || value.toLowerCase().includes(text.trim().toLowerCase());
}
