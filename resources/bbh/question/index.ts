import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { questionResources } from "./resource";

/** 题库管理: questions, their category tree and the answer log (domain.md §7.3). */
export default defineResource({
  resources: questionResources,
  components: {
    "bbh/question/QuestionList": lazyPage(() => import("./list")),
    "bbh/question/QuestionTypeList": lazyPage(() => import("./type-list")),
    "bbh/question/QuestionReportRecordList": lazyPage(() => import("./report-list")),
  },
});
