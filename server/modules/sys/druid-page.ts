/**
 * `<CONTEXT_PATH>/druid/` — the page JeecgBoot's SQL监控 menu item frames (`layouts/IframePageView` of
 * `{{ window._CONFIG['domianURL'] }}/druid/`, Druid's console there), served here for the JeecgBoot Vue 2
 * client, which has no page of its own for our database figures. Our console opens its own SQL监控 page for the
 * same item instead (`meta.consoleComponent`, server/modules/sys/permission.repo.ts).
 *
 * A frame cannot send `X-Access-Token`, and a session token must not go into a URL (docs/security.md). So the
 * page and its script hold no data and are anonymous, like Druid's own login page; the script reads the token the
 * signed-in console keeps in this origin's local storage (vue-ls: `pro__Access-Token` = `{value, expire}`, the key
 * both consoles use) and asks `GET /sys/monitor/database` with the header, which needs `system:monitor:sql`. The
 * page works where framing works at all: the console served from the same origin as the API (our CSP allows
 * same-origin frames only). Texts from the database go into the page with `textContent`, never as HTML.
 */

export const DRUID_PAGE_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SQL监控</title>
<style>
  body { margin: 0; padding: 16px 20px; font: 14px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; color: rgba(0,0,0,.85); background: #fff; }
  header { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; margin-bottom: 8px; }
  h1 { font-size: 18px; margin: 0; }
  h2 { font-size: 15px; margin: 20px 0 8px; }
  #status { color: rgba(0,0,0,.45); }
  #status.error { color: #cf1322; }
  #status.warn { color: #d46b08; }
  button { padding: 2px 14px; border: 1px solid #d9d9d9; border-radius: 4px; background: #fff; cursor: pointer; }
  button:hover { border-color: #1890ff; color: #1890ff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: rgba(0,0,0,.45); }
  dd { margin: 0; word-break: break-all; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { border: 1px solid #f0f0f0; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #fafafa; white-space: nowrap; }
  td.sql { font-family: Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-all; max-width: 640px; }
  .empty { color: rgba(0,0,0,.45); }
</style>
</head>
<body>
<header>
  <h1>SQL监控</h1>
  <button type="button" id="refresh">刷新</button>
  <label><input type="checkbox" id="auto"> 每 10 秒自动刷新</label>
  <span id="status" role="status"></span>
</header>
<section><h2>数据库</h2><dl id="database"></dl></section>
<section><h2>连接池</h2><dl id="pool"></dl></section>
<section><h2>活动会话</h2><div id="activity"></div></section>
<section><h2 id="slowest-title">最慢语句</h2><div id="slowest"></div></section>
<script src="druid.js"></script>
</body>
</html>
`;

export const DRUID_PAGE_SCRIPT = `(function () {
  "use strict";
  var base = location.pathname.replace(/\\/druid(\\/.*)?$/, "");
  var byId = function (id) { return document.getElementById(id); };
  var timer = null;

  function token() {
    try {
      var raw = localStorage.getItem("pro__Access-Token");
      if (!raw) return null;
      var entry = JSON.parse(raw);
      if (!entry || typeof entry !== "object" || typeof entry.value !== "string" || !entry.value) return null;
      if (entry.expire !== null && entry.expire !== undefined && entry.expire < Date.now()) return null;
      return entry.value;
    } catch (e) {
      return null;
    }
  }
  function status(text, kind) {
    var el = byId("status");
    el.textContent = text;
    el.className = kind || "";
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function time(iso) {
    if (!iso) return "-";
    var d = new Date(iso);
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " + pad(d.getHours()) + ":" + pad(d.getMinutes()) + ":" + pad(d.getSeconds());
  }
  function bytes(n) {
    if (n === null || n === undefined) return "-";
    var units = ["B", "KB", "MB", "GB", "TB"], i = 0;
    while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
    return (i ? n.toFixed(1) : String(n)) + " " + units[i];
  }
  function ms(n) { return n === null || n === undefined ? "-" : n + " ms"; }
  function text(v) { return v === null || v === undefined || v === "" ? "-" : String(v); }

  function list(id, pairs) {
    var dl = byId(id);
    dl.textContent = "";
    pairs.forEach(function (pair) {
      var dt = document.createElement("dt");
      dt.textContent = pair[0];
      var dd = document.createElement("dd");
      dd.textContent = pair[1];
      dl.appendChild(dt);
      dl.appendChild(dd);
    });
  }
  function table(id, columns, rows) {
    var box = byId(id);
    box.textContent = "";
    if (!rows.length) {
      var p = document.createElement("p");
      p.className = "empty";
      p.textContent = "暂无数据";
      box.appendChild(p);
      return;
    }
    var t = document.createElement("table");
    var head = t.createTHead().insertRow();
    columns.forEach(function (c) {
      var th = document.createElement("th");
      th.textContent = c[0];
      head.appendChild(th);
    });
    var body = t.createTBody();
    rows.forEach(function (row) {
      var tr = body.insertRow();
      columns.forEach(function (c) {
        var td = tr.insertCell();
        td.textContent = c[1](row);
        if (c[2]) td.className = c[2];
      });
    });
    box.appendChild(t);
  }

  function render(r) {
    var db = r.database, pool = r.pool;
    list("database", [
      ["数据库", db.engine + " · " + text(db.name)],
      ["版本", text(db.version)],
      ["大小", bytes(db.sizeBytes)],
      ["最大连接数", text(db.maxConnections)],
      ["启动时间", time(db.startedAt)]
    ]);
    list("pool", pool.kind === "embedded"
      ? [["类型", "内嵌数据库（PGlite，单连接）"]]
      : [["类型", "连接池"], ["上限", text(pool.max)], ["已建立", text(pool.total)], ["使用中", text(pool.inUse)], ["空闲", text(pool.idle)], ["等待", text(pool.waiting)]]);
    table("activity", [
      ["进程", function (a) { return text(a.pid) + (a.own ? "（本页查询）" : ""); }],
      ["用户", function (a) { return text(a.user); }],
      ["应用", function (a) { return text(a.application); }],
      ["状态", function (a) { return text(a.state); }],
      ["等待事件", function (a) { return text(a.waitEvent); }],
      ["开始执行", function (a) { return time(a.queryStart); }],
      ["已运行", function (a) { return ms(a.runningMs); }],
      ["语句", function (a) { return text(a.query); }, "sql"]
    ], r.activity);
    if (r.slowest.source === "pg_stat_statements") {
      byId("slowest-title").textContent = "最慢语句（pg_stat_statements，按平均耗时）";
      table("slowest", [
        ["调用次数", function (s) { return text(s.calls); }],
        ["返回行数", function (s) { return text(s.rows); }],
        ["平均耗时", function (s) { return ms(s.meanMs); }],
        ["最长耗时", function (s) { return ms(s.maxMs); }],
        ["总耗时", function (s) { return ms(s.totalMs); }],
        ["语句", function (s) { return text(s.query); }, "sql"]
      ], r.slowest.rows);
    } else {
      byId("slowest-title").textContent = "最慢语句（各会话最近一条，未安装 pg_stat_statements）";
      table("slowest", [
        ["进程", function (s) { return text(s.pid); }],
        ["状态", function (s) { return text(s.state); }],
        ["开始执行", function (s) { return time(s.queryStart); }],
        ["耗时", function (s) { return ms(s.durationMs); }],
        ["语句", function (s) { return text(s.query); }, "sql"]
      ], r.slowest.rows);
    }
  }

  function load() {
    var t = token();
    if (!t) {
      status("请先在本站点登录管理后台，再打开 SQL监控", "warn");
      return;
    }
    status("加载中…");
    fetch(base + "/sys/monitor/database", { headers: { "X-Access-Token": t, Accept: "application/json" }, credentials: "omit", cache: "no-store" })
      .then(function (res) {
        return res.json().then(null, function () { throw new Error("加载失败（HTTP " + res.status + "）"); });
      })
      .then(function (body) {
        if (!body || !body.success) throw new Error((body && body.message) || "加载失败");
        render(body.result);
        status("更新于 " + time(new Date().toISOString()));
      })
      .catch(function (error) {
        status(error.message || "加载失败", "error");
      });
  }

  byId("refresh").addEventListener("click", load);
  byId("auto").addEventListener("change", function (event) {
    if (timer) clearInterval(timer);
    timer = event.target.checked ? setInterval(load, 10000) : null;
  });
  load();
})();
`;
