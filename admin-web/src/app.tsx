import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { PRODUCT_NAME_DEFAULT } from '@ecup/domain';
import { authProvider } from './auth-provider.ts';
import { Dashboard } from './dashboard/dashboard.tsx';
import { dataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n-provider.ts';
import { getProductName } from './get-current-season.ts';
import { Layout } from './layout/layout.tsx';
import { EnrolPage } from './login/enrol-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { RESOURCES } from './resources.tsx';
import { darkTheme, lightTheme } from './theme.ts';
import { TwoFactorPage } from './two-factor/two-factor-page.tsx';

/** `/admin/user/{id}` (docs/product.md#screens-and-routes) is react-admin's `/admin/users/{id}/show`. */
function UserRedirect() {
  const { id } = useParams();
  return <Navigate to={`/admin/users/${encodeURIComponent(id ?? '')}/show`} replace />;
}

/** The console: react-admin under `/admin/`, one `<Resource>` per entry of resources.tsx. */
function Console() {
  const [productName, setProductName] = useState(PRODUCT_NAME_DEFAULT);

  useEffect(() => {
    const controller = new AbortController();
    getProductName(controller.signal).then(setProductName, () => undefined);
    return () => controller.abort();
  }, []);

  return (
    <Admin
      basename="/admin"
      title={`${productName} admin console`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={Layout}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="dark"
      requireAuth
      disableTelemetry
    >
      {RESOURCES.map(({ name, label, ...views }) => (
        <Resource key={name} name={name} options={{ label }} {...views} />
      ))}
      <CustomRoutes>
        <Route path="/two-factor" element={<TwoFactorPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * `/admin/*` is the console; `/admin/user/{id}` opens the user page and `/admin/enrol` an operator's enrolment link
 * (no sign-in) before react-admin's routes.
 */
export function App() {
  return (
    <Routes>
      <Route path="/admin/user/:id" element={<UserRedirect />} />
      <Route path="/admin/enrol" element={<EnrolPage />} />
      <Route path="/admin/*" element={<Console />} />
      <Route path="*" element={<Navigate to="/admin/" replace />} />
    </Routes>
  );
}
