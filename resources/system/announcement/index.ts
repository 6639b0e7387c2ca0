import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { announcementResource } from "./resource";

export default defineResource({
  resources: [announcementResource],
  components: { "system/SysAnnouncementList": lazyPage(() => import("./list")) },
});
