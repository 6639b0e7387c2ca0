import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { messageResources } from "./resource";

/** 消息中心: bbh message records and message templates (domain.md §7.6). */
export default defineResource({
  resources: messageResources,
  components: {
    "bbh/message/MessageList": lazyPage(() => import("./message-list")),
    "bbh/message/MessageTemplateList": lazyPage(() => import("./template-list")),
  },
});
