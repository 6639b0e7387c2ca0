import type { NotificationProvider } from "@refinedev/core";
import { App, Button } from "antd";

/** Seconds a notification stays up, as the HTTP error catalogue's (spec §8). */
const NOTICE_SECONDS = 4;

/**
 * Refine notifications through antd's `App` context: `message` is the title and `description` the body
 * (e.g. 登录失败 / the server's message). Undoable mutations get a 撤销 button.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === "progress") {
        notification.info({
          key,
          message,
          description: `${undoableTimeout ?? 0} 秒后执行`,
          duration: undoableTimeout ?? 0,
          btn: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.();
                notification.destroy(key);
              }}
            >
              撤销
            </Button>
          ),
        });
        return;
      }
      notification.open({ key, type, message, description, duration: NOTICE_SECONDS });
    },
    close: (key) => notification.destroy(key),
  };
}
