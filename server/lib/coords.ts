/**
 * Coordinate systems of Chinese maps (domain.md §2): red marks are stored in GCJ-02 (what WeChat's
 * `wx.getLocation({type:'gcj02'})`, Tencent and AMap use). Input picked in WGS-84 (GPS) or BD-09 (Baidu) is
 * converted on save with the usual published formulas (accurate to a few metres).
 */
import { CHINA_BOUNDS } from "../../contract/bbh-limits.js";

const A = 6378245.0;
const EE = 0.00669342162296594323;
const X_PI = (Math.PI * 3000.0) / 180.0;

export const inChina = (lng: number, lat: number) =>
  lng >= CHINA_BOUNDS.minLng && lng <= CHINA_BOUNDS.maxLng && lat >= CHINA_BOUNDS.minLat && lat <= CHINA_BOUNDS.maxLat;

function transformLat(x: number, y: number) {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLng(x: number, y: number) {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

export function wgs84ToGcj02(lng: number, lat: number): [number, number] {
  if (!inChina(lng, lat)) return [lng, lat];
  let dLat = transformLat(lng - 105.0, lat - 35.0);
  let dLng = transformLng(lng - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lng + dLng, lat + dLat];
}

export function bd09ToGcj02(lng: number, lat: number): [number, number] {
  const x = lng - 0.0065;
  const y = lat - 0.006;
  const z = Math.sqrt(x * x + y * y) - 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) - 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta), z * Math.sin(theta)];
}

/** Input in `coordType` → GCJ-02, rounded to the stored 6 decimals. */
export function toGcj02(lng: number, lat: number, coordType: string): [number, number] {
  const [x, y] = coordType === "wgs84" ? wgs84ToGcj02(lng, lat) : coordType === "bd09" ? bd09ToGcj02(lng, lat) : [lng, lat];
  return [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6];
}

/** Great-circle distance in metres. */
export function haversine(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
