import "@ant-design/v5-patch-for-react-19";

import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./App";
import "./global.css";
import { getSettings } from "./settings/settings";
import { currentTheme } from "./settings/themed-config";

dayjs.locale("zh-cn");

// Static antd calls (the HTTP error catalogue's notifications and modal) get the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={currentTheme(getSettings().primaryColor)}>
      {children}
    </ConfigProvider>
  ),
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
