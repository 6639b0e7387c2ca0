import { useEffect, useState } from "react";

import { useApi } from "../../../kit/use-api";
import { QUESTION_TYPE_API, type TypeNode } from "./resource";

type Option = { value: string; label: string };

/** The category tree and, when the user may read them, red marks and question tags for the pickers. */
export function useQuestionPickers() {
  const api = useApi();
  const [types, setTypes] = useState<TypeNode[]>([]);
  const [marks, setMarks] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const reloadTypes = () => api.get<TypeNode[]>(`${QUESTION_TYPE_API}/loadTreeData`, { async: false }).then((rows) => setTypes(Array.isArray(rows) ? rows : []), () => undefined);
  useEffect(() => {
    void reloadTypes();
    api.get<{ records: Array<{ id: string; markName: string }> }>("/bbh/api/activity/redmark/list", { pageSize: 500, column: "markName", order: "asc" }).then(
      (page) => setMarks((page?.records ?? []).map((m) => ({ value: m.id, label: m.markName }))),
      () => undefined,
    );
    api.get<{ records: Array<{ id: string; tagName: string }> }>("/bbh/api/tag/list", { pageSize: 500, tagType: 3 }).then(
      (page) => setTags((page?.records ?? []).map((t) => ({ value: t.id, label: t.tagName }))),
      () => undefined,
    );
  }, [api]);
  return { types, marks, tags, reloadTypes };
}

