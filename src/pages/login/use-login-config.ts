import { useCustom } from "@refinedev/core";

import type { LoginConfig } from "../../../contract";

export interface LoginFormConfig {
  /** False until the server has answered (or failed to). */
  ready: boolean;
  /** The form shows, requires and sends a captcha. */
  captcha: boolean;
  /** Asks the server again (its setting may have changed since the page loaded). */
  refresh(): void;
}

/**
 * Whether this server's login form needs a captcha (`GET /sys/loginConfig`). Only an explicit
 * `captcha: false` hides it: a JeecgBoot server lacks the endpoint and always checks a captcha, so a failed
 * or unexpected answer shows it. The probe is quiet — its failure is expected and never shown.
 */
export function useLoginConfig(): LoginFormConfig {
  const { result, query } = useCustom<LoginConfig>({
    url: "/sys/loginConfig",
    method: "get",
    meta: { quiet: true },
    queryOptions: { staleTime: Infinity, retry: false },
    errorNotification: false,
  });
  return {
    ready: !query.isPending,
    captcha: query.isError || result?.data?.captcha !== false,
    refresh: () => void query.refetch(),
  };
}
