import { AxiosError, CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Simulate a transport failure instead of an HTTP answer. */
  fail?: "timeout" | "network" | "cancel";
}

export type Handler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/** An axios adapter answering from `handler`: the only thing mocked in console tests is the network edge. */
export function fakeAdapter(handler: Handler, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const reply = await handler(config);
    if (reply.fail === "timeout") {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config);
    }
    if (reply.fail === "network") throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config);
    if (reply.fail === "cancel") throw new CanceledError(undefined, undefined, config);
    const status = reply.status ?? 200;
    const response = { status, statusText: String(status), data: reply.body, headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
}

export const ok = <T>(result: T, extra: Record<string, unknown> = {}) => ({
  body: { success: true, message: "", code: 0, result, timestamp: Date.now(), ...extra },
});
