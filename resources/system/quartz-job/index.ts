import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { quartzJobResource } from "./resource";

export default defineResource({
  resources: [quartzJobResource],
  components: { "system/QuartzJobList": lazyPage(() => import("./list")) },
});
