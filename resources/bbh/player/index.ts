import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { playerResources } from "./resource";

/** Players: their rounds (玩家活动, with the detail page), their tasks (玩家任务) and the answer review (答案审核). */
export default defineResource({
  resources: playerResources,
  components: {
    "bbh/player/UserActivityList": lazyPage(() => import("./user-activity-list")),
    "bbh/player/UserActivityDetail": lazyPage(() => import("./user-activity-detail")),
    "bbh/player/UserTaskList": lazyPage(() => import("./user-task-list")),
    "bbh/player/UserTaskAnswerList": lazyPage(() => import("./answer-list")),
  },
});
