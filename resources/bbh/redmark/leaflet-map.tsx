/**
 * The Leaflet map of 印记地图, imported only by the map page's chunk (Leaflet, the cluster plugin and their
 * CSS load with it, on that route only). Markers are HTML (`divIcon`): no marker images, so the page needs
 * nothing from another origin but the tiles, and with no tile server reachable it shows the markers on a
 * blank base.
 */
import L from "leaflet";
import "leaflet.markercluster";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";
import { useEffect, useRef } from "react";

import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_SUBDOMAINS, DEFAULT_MAP_TILE_URL } from "../../../contract/map-tiles";
import { fileUrl } from "../../../providers/config";

export interface MapPoint {
  id: string;
  markName: string;
  longitude: number;
  latitude: number;
  checkinRadius?: number;
  thumbImage?: string | null;
  address?: string | null;
  category_dictText?: string;
  publishStatus: number;
  publishStatus_dictText?: string;
  sortNo?: number | null;
}

/** Build-time tile settings: unset → AutoNavi (GCJ-02 like the marks), empty → no tiles. */
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL;
const TILE_SUBDOMAINS = import.meta.env.VITE_MAP_TILE_SUBDOMAINS || DEFAULT_MAP_TILE_SUBDOMAINS;
const TILE_ATTRIBUTION = import.meta.env.VITE_MAP_TILE_ATTRIBUTION || DEFAULT_MAP_TILE_ATTRIBUTION;

/** Mainland China, when there is nothing to fit. */
const CHINA_CENTER: L.LatLngExpression = [35, 105];

const COLORS: Record<number, string> = { 0: "#8c8c8c", 1: "#cf1322", 2: "#d48806" };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function popupOf(p: MapPoint, detailHref: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "rm-map-popup";
  const thumb = p.thumbImage ? `<img src="${escapeHtml(fileUrl(p.thumbImage) ?? "")}" alt="" style="width:200px;max-height:120px;object-fit:cover;display:block;margin-bottom:6px" />` : "";
  box.innerHTML =
    `${thumb}<div style="font-weight:600;font-size:14px">${escapeHtml(p.markName)}</div>` +
    `<div>${escapeHtml(p.category_dictText ?? "")} · <span style="color:${COLORS[p.publishStatus] ?? "#000"}">${escapeHtml(p.publishStatus_dictText ?? "")}</span></div>` +
    (p.address ? `<div>地址：${escapeHtml(p.address)}</div>` : "") +
    `<div>经纬度：${p.longitude}, ${p.latitude}</div>` +
    (p.checkinRadius ? `<div>打卡半径：${p.checkinRadius} 米</div>` : "") +
    (p.sortNo != null ? `<div>活动内序号：${p.sortNo}</div>` : "") +
    `<a href="${escapeHtml(detailHref)}" data-detail="${escapeHtml(p.id)}">查看详情</a>`;
  return box;
}

export default function LeafletMap({ points, onOpenDetail }: { points: MapPoint[]; onOpenDetail: (id: string) => void }) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map>(null);
  const cluster = useRef<L.MarkerClusterGroup>(null);
  const open = useRef(onOpenDetail);
  open.current = onOpenDetail;

  useEffect(() => {
    if (!holder.current) return;
    const m = L.map(holder.current, { center: CHINA_CENTER, zoom: 4, attributionControl: true });
    m.attributionControl.setPrefix(false);
    if (TILE_URL) L.tileLayer(TILE_URL, { subdomains: TILE_SUBDOMAINS, attribution: TILE_ATTRIBUTION, maxZoom: 18 }).addTo(m);
    const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 50 });
    m.addLayer(group);
    // 查看详情 inside a popup: the console's router, not a page load.
    const onClick = (e: MouseEvent) => {
      const id = (e.target as HTMLElement).closest?.("a[data-detail]")?.getAttribute("data-detail");
      if (id) {
        e.preventDefault();
        open.current(id);
      }
    };
    holder.current.addEventListener("click", onClick);
    const el = holder.current;
    map.current = m;
    cluster.current = group;
    return () => {
      el.removeEventListener("click", onClick);
      m.remove();
      map.current = null;
      cluster.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    const group = cluster.current;
    if (!m || !group) return;
    group.clearLayers();
    const markers = points.map((p) => {
      const icon = L.divIcon({
        className: "rm-map-marker",
        html: `<span style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${COLORS[p.publishStatus] ?? "#cf1322"};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>`,
        iconSize: [18, 18],
        iconAnchor: [9, 18],
        popupAnchor: [0, -18],
      });
      return L.marker([p.latitude, p.longitude], { icon, title: p.markName, alt: p.markName }).bindPopup(() => popupOf(p, `/bbh/redmark/detail/${p.id}`), { minWidth: 200 });
    });
    group.addLayers(markers);
    if (markers.length) m.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)).pad(0.2), { maxZoom: 14 });
    else m.setView(CHINA_CENTER, 4);
  }, [points]);

  return <div ref={holder} data-testid="redmark-map" style={{ height: "calc(100vh - 300px)", minHeight: 480, background: "#eef2f5" }} />;
}
