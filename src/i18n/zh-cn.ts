/**
 * Simplified Chinese for every string Refine core and @refinedev/antd translate themselves
 * (`tests/console/i18n.test.ts` checks the table against the keys found in those packages).
 * `{{name}}` placeholders are filled from the options Refine passes.
 */
export const zhCN = {
  buttons: {
    create: "新建",
    save: "保存",
    logout: "退出登录",
    delete: "删除",
    edit: "编辑",
    cancel: "取消",
    confirm: "确定吗？",
    filter: "筛选",
    clear: "清除",
    refresh: "刷新",
    show: "查看",
    list: "列表",
    undo: "撤销",
    import: "导入",
    export: "导出",
    clone: "复制",
    notAccessTitle: "您没有访问权限",
  },
  actions: {
    list: "列表",
    create: "新建",
    edit: "编辑",
    show: "查看",
    clone: "复制",
  },
  notifications: {
    success: "成功",
    error: "错误（状态码：{{statusCode}}）",
    undoable: "您有 {{seconds}} 秒可以撤销",
    createSuccess: "{{resource}}创建成功",
    createError: "{{resource}}创建失败（状态码：{{statusCode}}）",
    deleteSuccess: "{{resource}}删除成功",
    deleteError: "{{resource}}删除失败（状态码：{{statusCode}}）",
    editSuccess: "{{resource}}修改成功",
    editError: "{{resource}}修改失败（状态码：{{statusCode}}）",
    importProgress: "正在导入：{{processed}}/{{total}}",
  },
  pages: {
    login: {
      title: "登录您的账号",
      signin: "登录",
      signup: "注册",
      divider: "或",
      register: "注册",
      fields: { email: "邮箱", password: "密码" },
      errors: {
        requiredEmail: "请输入邮箱",
        requiredPassword: "请输入密码",
        validEmail: "邮箱格式不正确",
      },
      buttons: {
        submit: "登录",
        forgotPassword: "忘记密码？",
        noAccount: "还没有账号？",
        haveAccount: "已有账号？",
        rememberMe: "记住我",
      },
    },
    register: {
      title: "注册账号",
      email: "邮箱",
      divider: "或",
      signin: "登录",
      fields: { email: "邮箱", password: "密码" },
      errors: {
        requiredEmail: "请输入邮箱",
        requiredPassword: "请输入密码",
        validEmail: "邮箱格式不正确",
      },
      buttons: { submit: "注册", haveAccount: "已有账号？" },
    },
    forgotPassword: {
      title: "忘记密码？",
      signin: "登录",
      fields: { email: "邮箱" },
      errors: { requiredEmail: "请输入邮箱", validEmail: "邮箱格式不正确" },
      buttons: { submit: "发送重置邮件", haveAccount: "已有账号？" },
    },
    updatePassword: {
      title: "修改密码",
      fields: { password: "新密码", confirmPassword: "确认新密码" },
      errors: {
        requiredPassword: "请输入新密码",
        requiredConfirmPassword: "请确认新密码",
        confirmPasswordNotMatch: "两次输入的密码不一样！",
      },
      buttons: { submit: "修改" },
    },
    error: {
      404: "抱歉，您访问的页面不存在。",
      info: "您可能忘记为资源「{{resource}}」添加「{{action}}」页面。",
      backHome: "返回首页",
    },
  },
  table: { actions: "操作" },
  loading: "加载中",
  warnWhenUnsavedChanges: "确定要离开吗？您有未保存的修改。",
  autoSave: {
    idle: "等待修改",
    loading: "保存中…",
    success: "已保存",
    error: "自动保存失败（状态码：{{statusCode}}）",
  },
  documentTitle: {
    default: "红色印记管理平台",
    suffix: " - 红色印记管理平台",
  },
  "sys-user": {
    "sys-user": "用户",
  },
};

export type Translations = typeof zhCN;
