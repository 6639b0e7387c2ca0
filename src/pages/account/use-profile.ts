import { useCustom, useCustomMutation, useInvalidateAuthStore } from "@refinedev/core";

import type { DictMap, SysUser } from "../../../contract";
import { errorNotification } from "../../../providers/data-provider";
import { local, SESSION_TTL_MS, StorageKeys } from "../../../providers/storage";

/** The signed-in user's own profile from the server (`GET /sys/user/getUserInfo`) and its save (`PUT /sys/user/appEdit`). */
export function useProfile() {
  const { result, query } = useCustom<{ userInfo: SysUser; sysAllDictItems: DictMap }>({
    url: "/sys/user/getUserInfo",
    method: "get",
    errorNotification,
    queryOptions: { queryKey: ["account", "profile"] },
  });
  const invalidateAuth = useInvalidateAuthStore();
  const { mutateAsync, mutation } = useCustomMutation<SysUser>();

  const save = async (changes: Partial<SysUser>) => {
    const response = await mutateAsync({
      url: "/sys/user/appEdit",
      method: "put",
      values: changes,
      successNotification: false,
      errorNotification: false,
    });
    const user = response.data as unknown as SysUser;
    local.set(StorageKeys.loginUserInfo, user, SESSION_TTL_MS);
    invalidateAuth();
    await query.refetch();
    return user;
  };

  const data = query.isSuccess ? (result?.data as { userInfo: SysUser } | undefined) : undefined;
  return { user: data?.userInfo, loading: query.isLoading, save, saving: mutation.isPending };
}
