/**
 * A task the server runs in the background, never two runs at once: `kick()` starts a run unless one is
 * going, and while the app is up it is kicked every `intervalSeconds` (0: only when kicked). A failed run is
 * logged with `label`; the next kick tries again.
 */
import type { FastifyInstance } from "fastify";

export function backgroundTask(app: FastifyInstance, label: string, intervalSeconds: number, run: () => Promise<void>): () => void {
  let busy = false;
  const kick = () => {
    if (busy) return;
    busy = true;
    run()
      .catch((err) => app.log.error({ err }, label))
      .finally(() => (busy = false));
  };
  if (intervalSeconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      timer = setInterval(kick, intervalSeconds * 1000);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  }
  return kick;
}
