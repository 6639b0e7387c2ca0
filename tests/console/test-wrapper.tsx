import { Refine, type AuthProvider, type DataProvider, type NotificationProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";

import { resources } from "../../resources";
import { i18nProvider } from "../../src/i18n/i18n-provider";

/** Mounts `<Refine>` with the real resources and i18n, and a data provider (and optionally an auth provider) chosen by the test. */
export function TestWrapper({
  children,
  dataProvider,
  authProvider,
  notificationProvider,
  path = "/",
}: {
  children: ReactNode;
  dataProvider: DataProvider;
  authProvider?: AuthProvider;
  /** E.g. the console's own, to see what Refine notifies (登录失败 …). */
  notificationProvider?: NotificationProvider | (() => NotificationProvider);
  path?: string;
}) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            notificationProvider={notificationProvider}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <Routes>
              <Route path="*" element={children} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </MemoryRouter>
  );
}

/** A data provider that records calls and answers `getList` from `rows`. */
export function recordingDataProvider(rows: Record<string, unknown>[]) {
  const calls: Parameters<DataProvider["getList"]>[0][] = [];
  const notImplemented = () => Promise.reject(new Error("not used in this test"));
  const provider: DataProvider = {
    getApiUrl: () => "/jeecg-boot",
    getList: async (params) => {
      calls.push(params);
      return { data: rows as never[], total: rows.length };
    },
    getOne: notImplemented,
    create: notImplemented,
    update: notImplemented,
    deleteOne: notImplemented,
    custom: notImplemented,
  };
  return { provider, calls };
}
