import { useEffect, useState } from "react";

import { useAccess } from "../../../kit/auth";
import { useApi } from "../../../kit/use-api";
import { QUESTION_TYPE_API, type TypeNode } from "./resource";

type Option = { value: string; label: string };

/**
 * The category tree and, for the question form (`withLinks`) when the user may read them, red marks and
 * question tags (题目标签) for the pickers; a user without those lists gets no picker rather than an error.
 */
export function useQuestionPickers({ withLinks = true } = {}) {
  const api = useApi();
  const access = useAccess();
  const [types, setTypes] = useState<TypeNode[]>([]);
  const [marks, setMarks] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const mayMarks = withLinks && access.has("bbh:redmark:list");
  const mayTags = withLinks && access.has("bbh:tag:list");
  useEffect(() => {
    api.get<TypeNode[]>(`${QUESTION_TYPE_API}/loadTreeData`, { async: false }).then((rows) => setTypes(Array.isArray(rows) ? rows : []), () => undefined);
    if (mayMarks)
      api.get<{ records: Array<{ id: string; markName: string }> }>("/bbh/api/activity/redmark/list", { pageSize: 500, column: "markName", order: "asc" }).then(
        (page) => setMarks((page?.records ?? []).map((m) => ({ value: m.id, label: m.markName }))),
        () => undefined,
      );
    if (mayTags)
      api.get<{ records: Array<{ id: string; tagName: string }> }>("/bbh/api/tag/list", { pageSize: 500, tagType: 3 }).then(
        (page) => setTags((page?.records ?? []).map((t) => ({ value: t.id, label: t.tagName }))),
        () => undefined,
      );
  }, [api, mayMarks, mayTags]);
  return { types, marks, tags };
}
