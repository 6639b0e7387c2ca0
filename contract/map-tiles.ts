/**
 * Map tiles of the red-mark map (印记地图). Marks are stored in GCJ-02, so the default is AutoNavi's (高德)
 * road map, which is drawn in GCJ-02 too. The console reads `VITE_MAP_TILE_URL` at build time, the server
 * `MAP_TILE_URL` at start (its CSP allows images from that origin only); both default to this URL, and an
 * empty value means no tiles (markers on a blank base).
 */
export const DEFAULT_MAP_TILE_URL = "https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}";
export const DEFAULT_MAP_TILE_SUBDOMAINS = "1234";
export const DEFAULT_MAP_TILE_ATTRIBUTION = "© 高德地图";

/**
 * The CSP `img-src` source for a tile URL template: its scheme and host, a `{s}` sub-domain label becoming a
 * leading `*.` wildcard (`https://webrd0{s}.is.autonavi.com/…` → `https://*.is.autonavi.com`), the port kept.
 * Same-origin paths, empty values and anything that is not an absolute http(s) URL give none.
 */
export function tileImgSource(template: string | undefined): string | undefined {
  const value = template?.trim();
  if (!value) return undefined;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(value);
  if (!match) return undefined;
  const [, scheme, authority] = match;
  const [host, port] = authority.split(/:(?=\d+$)/);
  const labels = host.split(".");
  const templated = labels.findIndex((label) => label.includes("{"));
  if (templated > 0 && labels.slice(templated + 1).some((label) => label.includes("{"))) return undefined;
  const rest = templated === -1 ? labels : labels.slice(templated + 1);
  if (rest.length < 2 || rest.some((label) => !/^[a-z0-9-]+$/i.test(label))) return undefined;
  const name = (templated === -1 ? "" : "*.") + rest.join(".").toLowerCase();
  return `${scheme.toLowerCase()}://${name}${port ? `:${port}` : ""}`;
}
