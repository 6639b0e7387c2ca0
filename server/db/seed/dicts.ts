/**
 * Seed dictionaries (`sys_dict` + `sys_dict_item`) — pure data, no runtime dependencies.
 *
 * Where the facts come from:
 * - JeecgBoot part: the `sys_dict` / `sys_dict_item` records of the JeecgBoot v3.1.0 seed script
 *   (`jeecgboot/JeecgBoot`, `jeecg-boot/db/jeecgboot-mysql-5.7.sql`, 2022-03 revision), listed in
 *   ../shared/contract.md §11.5 (`rule_conditions` values: contract §7.5). All 41 dictionaries of
 *   that script are here, with its names, descriptions and `type` (1 = number) and its item texts
 *   verbatim (including `marialDB`, `booostrap`). Items follow the script's `sort_order`; where
 *   several items share a sort order they are listed as contract §11.5 lists them, else by value.
 *   `user_type` keeps only its enabled item (the script's second item `222`=`22` has status 0).
 * - `bbh_*` part: the business dictionaries of ../shared/domain.md §3, items in the given order,
 *   texts exactly as written there (`bbh_school_grade` 1…6 spelled out as 一年级…六年级).
 * Item values are strings, as in `sys_dict_item.item_value`.
 */

export interface SeedDict {
  code: string;
  name: string;
  type?: 0 | 1;
  description?: string;
  items: Array<[value: string, text: string]>;
}

export const dicts: SeedDict[] = [
  // ---- JeecgBoot v3.1.0 -------------------------------------------------------------------
  {
    code: "sex",
    name: "性别",
    type: 1,
    items: [["1", "男"], ["2", "女"]],
  },
  {
    code: "user_status",
    name: "用户状态",
    type: 1,
    items: [["1", "正常"], ["2", "冻结"]],
  },
  {
    code: "status",
    name: "状态",
    items: [["1", "正常"], ["2", "冻结"]],
  },
  {
    code: "del_flag",
    name: "删除状态",
    items: [["0", "正常"], ["1", "已删除"]],
  },
  {
    code: "menu_type",
    name: "菜单类型",
    type: 1,
    items: [["0", "一级菜单"], ["1", "子菜单"], ["2", "按钮权限"]],
  },
  {
    code: "perms_type",
    name: "权限策略",
    description: "权限策略",
    items: [["1", "显示"], ["2", "禁用"]],
  },
  {
    code: "global_perms_type",
    name: "全局权限策略",
    description: "全局权限策略",
    items: [["1", "可见/可访问(授权后可见/可访问)"], ["2", "可编辑(未授权时禁用)"]],
  },
  {
    code: "valid_status",
    name: "有效无效状态",
    description: "有效无效状态",
    items: [["0", "无效"], ["1", "有效"]],
  },
  {
    code: "log_type",
    name: "日志类型",
    type: 1,
    items: [["1", "登录日志"], ["2", "操作日志"]],
  },
  {
    code: "operate_type",
    name: "操作类型",
    description: "操作类型",
    items: [["1", "查询"], ["2", "添加"], ["3", "修改"], ["4", "删除"], ["5", "导入"], ["6", "导出"]],
  },
  {
    code: "priority",
    name: "优先级",
    description: "优先级",
    items: [["H", "高"], ["M", "中"], ["L", "低"]],
  },
  {
    code: "msg_category",
    name: "通告类型",
    description: "消息类型1:通知公告2:系统消息",
    items: [["1", "通知公告"], ["2", "系统消息"]],
  },
  {
    code: "msg_type",
    name: "推送类别",
    items: [["USER", "指定用户"], ["ALL", "全体用户"]],
  },
  {
    code: "send_status",
    name: "发布状态",
    description: "发布状态",
    items: [["0", "未发布"], ["1", "已发布"], ["2", "已撤销"]],
  },
  {
    code: "quartz_status",
    name: "定时任务状态",
    items: [["0", "正常"], ["-1", "停止"]],
  },
  {
    code: "dict_item_status",
    name: "字典状态",
    type: 1,
    items: [["1", "启用"], ["0", "不启用"]],
  },
  {
    code: "depart_status",
    name: "部门状态",
    items: [["0", "不启用"], ["1", "启用"]],
  },
  {
    code: "org_category",
    name: "机构类型",
    description: "机构类型 1公司，2部门 3岗位",
    items: [["1", "公司"], ["2", "部门"], ["3", "岗位"]],
  },
  {
    code: "position_rank",
    name: "职务职级",
    description: "职务表职级字典",
    items: [["1", "员级"], ["2", "助级"], ["3", "中级"], ["4", "副高级"], ["5", "正高级"]],
  },
  {
    code: "rule_conditions",
    name: "条件规则",
    items: [
      [">", "大于"],
      ["<", "小于"],
      ["!=", "不等于"],
      ["=", "等于"],
      [">=", "大于等于"],
      ["<=", "小于等于"],
      ["LEFT_LIKE", "左模糊"],
      ["RIGHT_LIKE", "右模糊"],
      ["LIKE", "模糊"],
      ["IN", "包含"],
      ["USE_SQL_RULES", "自定义SQL表达式"],
    ],
  },
  {
    code: "msgSendStatus",
    name: "消息发送状态",
    items: [["0", "未发送"], ["1", "发送成功"], ["2", "发送失败"]],
  },
  {
    code: "msgType",
    name: "发送消息类型",
    items: [["1", "短信"], ["2", "邮件"], ["3", "微信"], ["4", "系统"]],
  },
  {
    code: "database_type",
    name: "数据库类型",
    items: [
      ["1", "MySQL5.5"],
      ["4", "MYSQL5.7+"],
      ["2", "Oracle"],
      ["3", "SQLServer"],
      ["6", "postgresql"],
      ["5", "marialDB"],
      ["7", "达梦"],
      ["8", "人大金仓"],
      ["9", "神通"],
      ["10", "SQLite"],
      ["11", "DB2"],
      ["12", "Hsqldb"],
      ["13", "Derby"],
      ["14", "H2"],
      ["15", "其他数据库"],
    ],
  },
  {
    code: "tenant_status",
    name: "租户状态",
    description: "租户状态",
    items: [["1", "正常"], ["0", "冻结"]],
  },
  {
    code: "yn",
    name: "1是0否",
    items: [["1", "是"], ["0", "否"]],
  },
  {
    code: "is_open",
    name: "开关",
    items: [["Y", "是"], ["N", "否"]],
  },
  {
    code: "urgent_level",
    name: "紧急程度",
    description: "日程计划紧急程度",
    items: [["1", "一般"], ["2", "重要"], ["3", "紧急"]],
  },
  {
    code: "activiti_sync",
    name: "同步工作流引擎",
    description: "同步工作流引擎",
    items: [["1", "同步"], ["0", "不同步"]],
  },
  {
    code: "bpm_status",
    name: "流程状态",
    description: "流程状态",
    items: [["1", "待提交"], ["2", "处理中"], ["3", "已完成"], ["4", "已作废"]],
  },
  {
    code: "bpm_process_type",
    name: "流程类型",
    items: [["test", "测试流程"], ["oa", "OA办公"], ["business", "业务办理"]],
  },
  {
    code: "cgform_table_type",
    name: "Online表单类型",
    items: [["1", "单表"], ["2", "主表"], ["3", "附表"]],
  },
  {
    code: "ol_form_biz_type",
    name: "Online表单业务分类",
    items: [["demo", "官方示例"], ["bpm", "流程表单"], ["temp", "测试表单"], ["bdfl_include", "导入表单"]],
  },
  {
    code: "online_graph_type",
    name: "Online图表类型",
    description: "Online图表类型",
    items: [["bar", "柱状图"], ["line", "曲线图"], ["pie", "饼图"], ["table", "数据列表"]],
  },
  {
    code: "online_graph_data_type",
    name: "Online图表数据类型",
    description: "Online图表数据类型",
    items: [["sql", "SQL"], ["json", "JSON"], ["api", "API"]],
  },
  {
    code: "online_graph_display_template",
    name: "Online图表展示模板",
    description: "Online图表展示模板",
    items: [["tab", "Tab风格"], ["single", "单排布局"], ["double", "双排布局"], ["combination", "组合布局"]],
  },
  {
    code: "form_perms_type",
    name: "表单权限策略",
    items: [["1", "可见(未授权不可见)"], ["2", "可编辑(未授权禁用)"]],
  },
  {
    code: "eoa_plan_type",
    name: "日程计划类型",
    items: [["1", "日常记录"], ["2", "本周工作"], ["3", "下周计划"]],
  },
  {
    code: "eoa_plan_status",
    name: "日程计划状态",
    items: [["0", "未开始"], ["1", "进行中"], ["2", "已完成"]],
  },
  {
    code: "eoa_cms_menu_type",
    name: "分类栏目类型",
    items: [["1", "列表"], ["2", "链接"]],
  },
  {
    code: "ceshi_online",
    name: "onlineT类型",
    items: [["00", "000"], ["1", "booostrap"], ["3", "easyui"]],
  },
  {
    code: "user_type",
    name: "用户类型",
    items: [["333", "333"]],
  },
  // ---- 红色印记 (domain.md §3) ----------------------------------------------------------------
  {
    code: "bbh_yn",
    name: "是否",
    items: [["1", "是"], ["0", "否"]],
  },
  {
    code: "bbh_enable_status",
    name: "启用状态",
    items: [["1", "启用"], ["0", "停用"]],
  },
  {
    code: "bbh_activity_type",
    name: "活动类型",
    items: [["1", "自定义活动"], ["2", "红色活动"]],
  },
  {
    code: "bbh_publish_status",
    name: "发布状态",
    items: [["0", "未发布"], ["1", "已发布"], ["2", "已下架"]],
  },
  {
    code: "bbh_time_status",
    name: "时间段状态",
    items: [["0", "未开始"], ["1", "进行中"], ["2", "已结算"], ["3", "已重启"]],
  },
  {
    code: "bbh_restart_mode",
    name: "重启方式",
    items: [["1", "开启新一轮"], ["2", "继续本轮"]],
  },
  {
    code: "bbh_team_mode",
    name: "参与方式",
    items: [["1", "个人赛"], ["2", "团队赛"], ["3", "个人+团队"]],
  },
  {
    code: "bbh_group_type",
    name: "分组方式",
    items: [["1", "自由组队"], ["2", "按学校"], ["3", "按班级"], ["4", "按组织"]],
  },
  {
    code: "bbh_group_score_rule",
    name: "小组计分规则",
    items: [["1", "成员总分"], ["2", "成员平均分"], ["3", "前N名成员总分"]],
  },
  {
    code: "bbh_order_mode",
    name: "闯关顺序",
    items: [["1", "按顺序解锁"], ["2", "自由打卡"]],
  },
  {
    code: "bbh_participant_scope",
    name: "参与范围",
    items: [["1", "所有用户"], ["2", "指定学校"], ["3", "指定组织"], ["4", "仅激活码用户"]],
  },
  {
    code: "bbh_task_type",
    name: "任务类型",
    items: [
      ["1", "定位打卡"],
      ["2", "扫码打卡"],
      ["3", "答题"],
      ["4", "拍照上传"],
      ["5", "文字作答"],
      ["6", "视频上传"],
      ["7", "学习浏览"],
    ],
  },
  {
    code: "bbh_judge_mode",
    name: "判定方式",
    items: [["1", "自动判定"], ["2", "人工审核"]],
  },
  {
    code: "bbh_question_mode",
    name: "出题方式",
    items: [["1", "固定题目"], ["2", "随机抽题"]],
  },
  {
    code: "bbh_audit_status",
    name: "审核状态",
    items: [["0", "待审核"], ["1", "审核通过"], ["2", "审核驳回"]],
  },
  {
    code: "bbh_apply_status",
    name: "报名状态",
    items: [["0", "待审核"], ["1", "已通过"], ["2", "已拒绝"], ["3", "已取消"]],
  },
  {
    code: "bbh_ua_status",
    name: "参与状态",
    items: [["0", "已报名"], ["1", "进行中"], ["2", "已完成"], ["3", "未完成（已结算）"], ["4", "已退出"]],
  },
  {
    code: "bbh_ut_status",
    name: "任务进度",
    items: [["0", "未解锁"], ["1", "可进行"], ["2", "待审核"], ["3", "已完成"], ["4", "已驳回"], ["5", "已失效"]],
  },
  {
    code: "bbh_score_type",
    name: "积分类型",
    items: [["1", "任务得分"], ["2", "人工加分"], ["3", "人工扣分"], ["4", "审核撤销"], ["5", "奖励分"]],
  },
  {
    code: "bbh_activation_status",
    name: "激活码状态",
    items: [["0", "未使用"], ["1", "已使用"], ["2", "已作废"], ["3", "已过期"]],
  },
  {
    code: "bbh_red_mark_category",
    name: "印记类别",
    items: [
      ["1", "革命遗址"],
      ["2", "纪念馆/博物馆"],
      ["3", "烈士陵园/纪念碑"],
      ["4", "名人故居"],
      ["5", "重要会议旧址"],
      ["6", "红色教育基地"],
      ["9", "其他"],
    ],
  },
  {
    code: "bbh_heritage_level",
    name: "保护级别",
    items: [["1", "国家级"], ["2", "省级"], ["3", "市级"], ["4", "县级"], ["9", "未定级"]],
  },
  {
    code: "bbh_red_mark_source",
    name: "印记来源",
    items: [["1", "后台录入"], ["2", "打点员采集"], ["3", "批量导入"]],
  },
  {
    code: "bbh_coord_type",
    name: "坐标系",
    items: [["gcj02", "国测局(GCJ-02)"], ["wgs84", "GPS(WGS-84)"], ["bd09", "百度(BD-09)"]],
  },
  {
    code: "bbh_answer_type",
    name: "题型",
    items: [["1", "单选"], ["2", "多选"], ["3", "判断"], ["4", "填空"], ["5", "简答"]],
  },
  {
    code: "bbh_difficulty",
    name: "难度",
    items: [["1", "简单"], ["2", "中等"], ["3", "困难"]],
  },
  {
    code: "bbh_school_type",
    name: "学校类型",
    items: [
      ["1", "小学"],
      ["2", "初中"],
      ["3", "高中"],
      ["4", "九年一贯制"],
      ["5", "完全中学"],
      ["6", "中职"],
      ["7", "高校"],
      ["9", "其他"],
    ],
  },
  {
    code: "bbh_school_grade",
    name: "年级",
    items: [
      ["1", "一年级"],
      ["2", "二年级"],
      ["3", "三年级"],
      ["4", "四年级"],
      ["5", "五年级"],
      ["6", "六年级"],
      ["7", "初一"],
      ["8", "初二"],
      ["9", "初三"],
      ["10", "高一"],
      ["11", "高二"],
      ["12", "高三"],
      ["13", "大学"],
      ["99", "其他"],
    ],
  },
  {
    code: "bbh_student_status",
    name: "学籍状态",
    items: [["1", "在读"], ["0", "离校"]],
  },
  {
    code: "bbh_org_type",
    name: "组织类型",
    items: [
      ["1", "党政机关"],
      ["2", "党组织"],
      ["3", "学校"],
      ["4", "企事业单位"],
      ["5", "社区/村"],
      ["6", "文博场馆"],
      ["9", "其他"],
    ],
  },
  {
    code: "bbh_tag_type",
    name: "标签类型",
    items: [["1", "活动标签"], ["2", "印记标签"], ["3", "题目标签"]],
  },
  {
    code: "bbh_biz_type",
    name: "业务类型",
    items: [
      ["activity", "活动"],
      ["red_mark", "红色印记"],
      ["question", "题目"],
      ["answer", "任务答案"],
      ["avatar", "头像"],
      ["template", "消息模板"],
      ["other", "其他"],
    ],
  },
  {
    code: "bbh_user_status",
    name: "用户状态",
    items: [["0", "正常"], ["1", "禁用"]],
  },
  {
    code: "bbh_msg_channel",
    name: "消息渠道",
    items: [["1", "小程序订阅消息"], ["2", "站内消息"], ["3", "短信"]],
  },
  {
    code: "bbh_msg_scene",
    name: "触发场景",
    items: [
      ["apply_audit", "报名审核结果"],
      ["answer_audit", "答案审核结果"],
      ["time_start", "活动开始提醒"],
      ["time_settle", "成绩发布"],
      ["activity_new", "活动上新"],
      ["system", "系统通知"],
    ],
  },
  {
    code: "bbh_send_status",
    name: "发送状态",
    items: [["0", "待发送"], ["1", "发送成功"], ["2", "发送失败"]],
  },
  {
    code: "bbh_read_status",
    name: "阅读状态",
    items: [["0", "未读"], ["1", "已读"]],
  },
  {
    code: "bbh_mp_state",
    name: "跳转版本",
    items: [["formal", "正式版"], ["trial", "体验版"], ["developer", "开发版"]],
  },
  {
    code: "bbh_file_type",
    name: "文件类型",
    items: [["image", "图片"], ["audio", "音频"], ["video", "视频"], ["doc", "文档"], ["other", "其他"]],
  },
  {
    code: "bbh_storage_type",
    name: "存储方式",
    items: [["local", "本地"], ["minio", "MinIO"], ["alioss", "阿里云OSS"], ["s3", "S3兼容存储"]],
  },
  {
    code: "bbh_uploader_type",
    name: "上传者类型",
    items: [["1", "后台用户"], ["2", "微信用户"]],
  },
];
