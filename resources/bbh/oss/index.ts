import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { ossFileResource } from "./resource";

const list = lazyPage(() => import("./list"));

export default defineResource({
  resources: [ossFileResource],
  components: {
    "bbh/oss/OssFileList": list,
    // JeecgBoot's 对象存储 menu: the same files (its /sys/oss/file endpoints serve the same table).
    "modules/oss/OSSFileList": list,
  },
});
