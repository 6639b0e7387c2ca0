import type { PageProps } from "../../../kit/page";
import ActivityListPage from "./list";

/** 红色活动 (activityType 2). */
export default function RedActivityList(props: PageProps) {
  return <ActivityListPage {...props} activityType={2} />;
}
