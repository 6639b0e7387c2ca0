import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { messageResource, templateResource } from "./resource";

export default defineResource({
  resources: [messageResource, templateResource],
  components: {
    "modules/message/SysMessageList": lazyPage(() => import("./list")),
    "modules/message/SysMessageTemplateList": lazyPage(() => import("./template-list")),
  },
});
