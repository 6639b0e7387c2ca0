import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { wxUserResource } from "./resource";

/** 微信用户: list (打点员, 分配组织, 禁用/启用) and detail. */
export default defineResource({
  resources: [wxUserResource],
  components: {
    "bbh/wxuser/BbhWxUserList": lazyPage(() => import("./list")),
    "bbh/wxuser/BbhWxUserDetail": lazyPage(() => import("./detail")),
  },
});
