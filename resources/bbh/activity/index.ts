import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { activityResources } from "./resource";

export default defineResource({
  resources: activityResources,
  components: {
    "bbh/activity/CustomActivityList": lazyPage(() => import("./custom-list")),
    "bbh/activity/RedActivityList": lazyPage(() => import("./red-list")),
    "bbh/activity/ActivityDetail": lazyPage(() => import("./detail")),
    "bbh/activity/ActivityTimeList": lazyPage(() => import("./time-list")),
    "bbh/activity/ActivityTaskList": lazyPage(() => import("./task-list")),
    "bbh/activity/RedActivityMarkList": lazyPage(() => import("./mark-list")),
  },
});
