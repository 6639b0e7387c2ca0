/**
 * Redis监控 (contract.md §10.16): `INFO` as `[{key, value, description}]` with JeecgBoot's kind of Chinese
 * descriptions, the key count and the memory in use. Only when `REDIS_URL` is configured; the connection URL
 * (which may hold a password) is never part of an answer.
 */
import type { Redis } from "ioredis";

const DESCRIPTIONS: Record<string, string> = {
  redis_version: "Redis 服务器版本",
  redis_git_sha1: "Git SHA1",
  redis_git_dirty: "Git dirty flag",
  redis_build_id: "构建编号",
  redis_mode: "运行模式（standalone、sentinel、cluster）",
  os: "Redis 服务器的宿主操作系统",
  arch_bits: "架构（32 或 64 位）",
  multiplexing_api: "Redis 所使用的事件处理机制",
  atomicvar_api: "Redis 使用的原子操作接口",
  gcc_version: "编译 Redis 时所使用的 GCC 版本",
  process_id: "服务器进程的 PID",
  process_supervised: "进程监管方式",
  run_id: "Redis 服务器的随机标识符（用于 Sentinel 和集群）",
  tcp_port: "TCP/IP 监听端口",
  server_time_usec: "服务器当前时间（微秒）",
  uptime_in_seconds: "自 Redis 服务器启动以来，经过的秒数",
  uptime_in_days: "自 Redis 服务器启动以来，经过的天数",
  hz: "serverCron 每秒运行次数",
  configured_hz: "配置的 serverCron 频率",
  lru_clock: "以分钟为单位进行自增的时钟，用于 LRU 管理",
  executable: "服务器可执行文件的路径",
  config_file: "配置文件的路径",
  io_threads_active: "是否启用多线程 I/O",
  connected_clients: "已连接客户端的数量（不包括通过从属服务器连接的客户端）",
  cluster_connections: "集群总线使用的连接数",
  maxclients: "最大客户端连接数",
  client_recent_max_input_buffer: "当前连接的客户端中，最大输入缓存",
  client_recent_max_output_buffer: "当前连接的客户端中，最长的输出列表",
  blocked_clients: "正在等待阻塞命令（BLPOP、BRPOP、BRPOPLPUSH）的客户端的数量",
  tracking_clients: "正在被跟踪的客户端数量",
  clients_in_timeout_table: "客户端超时表中的客户端数量",
  used_memory: "由 Redis 分配器分配的内存总量，以字节（byte）为单位",
  used_memory_human: "以人类可读的格式返回 Redis 分配的内存总量",
  used_memory_rss: "从操作系统的角度，返回 Redis 已分配的内存总量（俗称常驻集大小）",
  used_memory_rss_human: "以人类可读的格式返回常驻集大小",
  used_memory_peak: "Redis 的内存消耗峰值（以字节为单位）",
  used_memory_peak_human: "以人类可读的格式返回 Redis 的内存消耗峰值",
  used_memory_peak_perc: "内存峰值占已用内存的百分比",
  used_memory_overhead: "服务器为管理内部数据结构分配的内存",
  used_memory_startup: "Redis 启动时消耗的内存",
  used_memory_dataset: "数据集占用的内存",
  used_memory_dataset_perc: "数据集占净内存的百分比",
  used_memory_lua: "Lua 引擎所使用的内存大小（以字节为单位）",
  used_memory_lua_human: "以人类可读的格式返回 Lua 引擎使用的内存",
  used_memory_scripts: "缓存的 Lua 脚本占用的内存",
  total_system_memory: "宿主机的内存总量",
  total_system_memory_human: "以人类可读的格式返回宿主机的内存总量",
  maxmemory: "配置的最大内存（0 表示不限制）",
  maxmemory_human: "以人类可读的格式返回配置的最大内存",
  maxmemory_policy: "内存达到上限时的淘汰策略",
  mem_fragmentation_ratio: "used_memory_rss 和 used_memory 之间的比率",
  mem_allocator: "在编译时指定的 Redis 所使用的内存分配器，可以是 libc、jemalloc 或者 tcmalloc",
  lazyfree_pending_objects: "等待惰性释放的对象数量",
  loading: "服务器是否正在载入持久化文件",
  rdb_changes_since_last_save: "距离最近一次成功创建持久化文件之后，经过了多少秒",
  rdb_bgsave_in_progress: "服务器是否正在创建 RDB 文件",
  rdb_last_save_time: "最近一次成功创建 RDB 文件的 UNIX 时间戳",
  rdb_last_bgsave_status: "最近一次创建 RDB 文件的结果是成功还是失败",
  rdb_last_bgsave_time_sec: "最近一次创建 RDB 文件耗费的秒数",
  rdb_current_bgsave_time_sec: "如果服务器正在创建 RDB 文件，那么这个域记录的就是当前的创建操作已经耗费的秒数",
  aof_enabled: "AOF 是否处于打开状态",
  aof_rewrite_in_progress: "服务器是否正在创建 AOF 文件",
  aof_rewrite_scheduled: "RDB 文件创建完毕之后，是否需要执行预约的 AOF 重写操作",
  aof_last_rewrite_time_sec: "最近一次创建 AOF 文件耗费的时长",
  aof_current_rewrite_time_sec: "如果服务器正在创建 AOF 文件，那么这个域记录的就是当前的创建操作已经耗费的秒数",
  aof_last_bgrewrite_status: "最近一次创建 AOF 文件的结果是成功还是失败",
  aof_last_write_status: "最近一次写 AOF 文件的结果",
  total_connections_received: "服务器已接受的连接请求数量",
  total_commands_processed: "服务器已执行的命令数量",
  instantaneous_ops_per_sec: "服务器每秒钟执行的命令数量",
  total_net_input_bytes: "网络入口流量字节数",
  total_net_output_bytes: "网络出口流量字节数",
  instantaneous_input_kbps: "网络入口 kbps",
  instantaneous_output_kbps: "网络出口 kbps",
  rejected_connections: "因为最大客户端数量限制而被拒绝的连接请求数量",
  sync_full: "主从完全同步成功次数",
  sync_partial_ok: "主从部分同步成功次数",
  sync_partial_err: "主从部分同步失败次数",
  expired_keys: "因为过期而被自动删除的数据库键数量",
  evicted_keys: "因为最大内存容量限制而被驱逐（evict）的键数量",
  keyspace_hits: "查找数据库键成功的次数",
  keyspace_misses: "查找数据库键失败的次数",
  pubsub_channels: "目前被订阅的频道数量",
  pubsub_patterns: "目前被订阅的模式数量",
  latest_fork_usec: "最近一次 fork() 操作耗费的微秒数",
  migrate_cached_sockets: "为迁移而打开的套接字数量",
  total_forks: "服务器启动以来 fork 的总次数",
  role: "如果当前服务器没有在复制任何其他服务器，那么这个域的值就是 master；否则为 slave",
  connected_slaves: "已连接的从服务器数量",
  master_replid: "复制 ID",
  master_repl_offset: "主服务器的复制偏移量",
  repl_backlog_active: "复制积压缓冲区是否启用",
  repl_backlog_size: "复制积压缓冲区的大小",
  used_cpu_sys: "Redis 服务器耗费的系统 CPU",
  used_cpu_user: "Redis 服务器耗费的用户 CPU",
  used_cpu_sys_children: "后台进程耗费的系统 CPU",
  used_cpu_user_children: "后台进程耗费的用户 CPU",
  cluster_enabled: "是否启用了集群",
};

/** Keys whose values name files or paths on the Redis host; not secrets, but of no use on a page either. */
const HIDDEN = new Set(["executable", "config_file"]);

export function parseInfo(text: string): Array<{ key: string; value: string; description: string }> {
  const out: Array<{ key: string; value: string; description: string }> = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith("#")) continue;
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const key = line.slice(0, i);
    if (HIDDEN.has(key)) continue;
    out.push({ key, value: line.slice(i + 1), description: DESCRIPTIONS[key] ?? (key.startsWith("db") ? "数据库键空间统计" : "") });
  }
  return out;
}

export async function redisInfo(redis: Redis) {
  const text = await redis.info();
  const info = parseInfo(text);
  const usedMemory = info.find((r) => r.key === "used_memory")?.value ?? "0";
  return { info, dbSize: await redis.dbsize(), usedMemory: Number(usedMemory) };
}
