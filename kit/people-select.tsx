/**
 * Pickers of the bbh people pages: a school (`/bbh/api/school/selectList`) and an organisation
 * (`/bbh/api/organization/selectList`, the activity form's 主办单位). Both load through Refine's data provider.
 */
import { useCustom } from "@refinedev/core";
import { Select, type SelectProps } from "antd";

import { errorNotification } from "../providers/data-provider";

interface Option {
  value: string;
  text: string;
}

function useOptions(url: string) {
  const { result } = useCustom<Option[]>({ url, method: "get", config: { query: { limit: 1000 } }, queryOptions: { staleTime: 30_000 }, errorNotification });
  const rows = Array.isArray(result?.data) ? result.data : [];
  return rows.map((r) => ({ value: String(r.value), label: r.text }));
}

/** 选择学校: searchable, clearable. */
export function SchoolSelect(props: SelectProps) {
  const options = useOptions("/bbh/api/school/selectList");
  return <Select allowClear showSearch optionFilterProp="label" placeholder="请选择学校" style={{ minWidth: 180 }} {...props} options={options} />;
}

/** 选择组织 (enabled organisations); `onPick` also hands over the chosen name. */
export function OrganizationSelect({ onPick, ...props }: SelectProps & { onPick?: (id: string | undefined, name: string | undefined) => void }) {
  const options = useOptions("/bbh/api/organization/selectList");
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder="请选择组织"
      style={{ minWidth: 180 }}
      {...props}
      options={options}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        onPick?.(value as string | undefined, (option as { label?: string } | undefined)?.label);
      }}
    />
  );
}
