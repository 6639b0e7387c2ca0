import { Form } from "antd";

import { ActivitySelect, TimeSelect } from "../../../kit/activity-select";
import type { SearchField } from "../../../kit/search-form";

/** The window picker of a search form: lists the windows of the activity chosen in the same form. */
function FormTimeSelect(props: { value?: string; onChange?: (v?: string) => void }) {
  const form = Form.useFormInstance();
  const activityId = Form.useWatch("activityId", form) as string | undefined;
  return <TimeSelect activityId={activityId} {...props} />;
}

/** 活动 and 时间段 search fields (exact ids). */
export const activityFilters = (withTime = true): SearchField[] => [
  { name: "activityId", label: "活动", exact: true, input: <ActivitySelect /> },
  ...(withTime ? [{ name: "timeId", label: "时间段", exact: true, input: <FormTimeSelect /> }] : []),
];

export const NO_FORM = () => null;
