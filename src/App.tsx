import { Refine } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";

import { accessControlProvider } from "../providers/access-control";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { liveProvider } from "../providers/live-provider";
import { resources } from "../resources";
import { useNotificationProvider } from "./components/notification-provider";
import { PageLoading } from "./components/page-loading";
import { GuestOnly, SignedIn } from "./components/route-guards";
import { i18nProvider } from "./i18n/i18n-provider";
import { ThemedConfigProvider } from "./settings/themed-config";

const LoginPage = lazy(() => import("./pages/login"));
const RegisterPage = lazy(() => import("./pages/user/register"));
const RegisterResultPage = lazy(() => import("./pages/user/register-result"));
const AlterationPage = lazy(() => import("./pages/user/alteration"));
/** Everything behind sign-in: the main layout and the routes built from the server menu. */
const SignedInApp = lazy(() => import("./layout/signed-in-app"));

export function App() {
  return (
    <BrowserRouter>
      <ThemedConfigProvider>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            liveProvider={liveProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              // Lists refetch when another staff member changes their resource; forms opt into "manual".
              liveMode: "auto",
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <Suspense fallback={<PageLoading />}>
              <Routes>
                <Route path="/user" element={<GuestOnly />}>
                  <Route index element={<Navigate to="/user/login" replace />} />
                  <Route path="login" element={<LoginPage />} />
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="register-result" element={<RegisterResultPage />} />
                  <Route path="alteration" element={<AlterationPage />} />
                </Route>
                <Route path="*" element={<SignedIn><SignedInApp /></SignedIn>} />
              </Routes>
            </Suspense>
            <UnsavedChangesNotifier />
          </Refine>
        </AntdApp>
      </ThemedConfigProvider>
    </BrowserRouter>
  );
}
