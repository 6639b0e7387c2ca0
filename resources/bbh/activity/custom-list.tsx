import type { PageProps } from "../../../kit/page";
import ActivityListPage from "./list";

/** 自定义活动 (activityType 1). */
export default function CustomActivityList(props: PageProps) {
  return <ActivityListPage {...props} activityType={1} />;
}
