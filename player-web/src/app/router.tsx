import { Navigate, createBrowserRouter } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';
import { Layout, RouteError } from './layout.tsx';

/** The routes of spec §2 (the admin area is its own app under /admin/); any other path redirects to /. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: lazyRoute(() => import('../features/home/home-page.tsx')) },
      { path: 'home', lazy: lazyRoute(() => import('../features/home/home-page.tsx')) },
      { path: 'play', lazy: lazyRoute(() => import('../features/play/play-page.tsx')) },
      { path: 'game/:id', lazy: lazyRoute(() => import('../features/game/game-page.tsx')) },
      { path: 'trophyhunt', lazy: lazyRoute(() => import('../features/trophyhunt/trophy-hunt-page.tsx')) },
      { path: 'ranking', lazy: lazyRoute(() => import('../features/ranking/ranking-page.tsx')) },
      { path: 'news/:id?', lazy: lazyRoute(() => import('../features/news/news-page.tsx')) },
      { path: 'rules', lazy: lazyRoute(() => import('../features/rules/rules-page.tsx')) },
      { path: 'terms', lazy: lazyRoute(() => import('../features/rules/terms-page.tsx')) },
      { path: 'register', lazy: lazyRoute(() => import('../features/account/register-page.tsx')) },
      { path: 'settings', lazy: lazyRoute(() => import('../features/account/settings-page.tsx')) },
      { path: 'conflicts', lazy: lazyRoute(() => import('../features/conflicts/conflicts-page.tsx')) },
      { path: 'forgot_password', lazy: lazyRoute(() => import('../features/account/forgot-password-page.tsx')) },
      {
        path: 'resetpassword/:id/:uid/:token',
        lazy: lazyRoute(() => import('../features/account/reset-password-page.tsx')),
      },
      { path: 'auth/:id/:token', lazy: lazyRoute(() => import('../features/account/auth-page.tsx')) },
      { path: 'forums/:category?/:thread?', lazy: lazyRoute(() => import('../features/forums/forums-page.tsx')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
