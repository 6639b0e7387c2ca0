import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { recordResources } from "./resource";

/** Players' records of activities: apply, groups, grades, group grades, the score ledger, activation codes. */
export default defineResource({
  resources: recordResources,
  components: {
    "bbh/activity/ActivityApplyList": lazyPage(() => import("./apply-list")),
    "bbh/activity/ActivityGroupList": lazyPage(() => import("./group-list")),
    "bbh/activity/ActivityGradeList": lazyPage(() => import("./grade-list")),
    "bbh/activity/ActivityGroupGradeList": lazyPage(() => import("./group-grade-list")),
    "bbh/activity/ScoreRecordList": lazyPage(() => import("./score-list")),
    "bbh/activity/ActivationCodeList": lazyPage(() => import("./activation-list")),
  },
});
