import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { checkRuleResource } from "./resource";

export default defineResource({
  resources: [checkRuleResource],
  components: { "system/SysCheckRuleList": lazyPage(() => import("./list")) },
});
