/** Compiles the server into `outdir` (default build/server) and returns the path of its main.js. */
export function buildServer(outdir?: string): Promise<string>;
/** Like buildServer, but only when a source is newer than the existing build. */
export function buildServerIfStale(outdir?: string): Promise<string>;
