import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { schoolResources } from "./resource";

/** 学校管理: schools (list and detail with its students) and students. */
export default defineResource({
  resources: schoolResources,
  components: {
    "bbh/school/SchoolList": lazyPage(() => import("./list")),
    "bbh/school/SchoolDetail": lazyPage(() => import("./detail")),
    "bbh/school/StudentList": lazyPage(() => import("./student-list")),
  },
});
