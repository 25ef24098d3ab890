import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

// The editor (Tiptap, through ra-input-rich-text) is the console's largest dependency: it loads when an editor opens
// an article, not with the console.
const LazyCreate = lazy(() => import('./news-create.tsx'));
const LazyEdit = lazy(() => import('./news-edit.tsx'));

export function NewsCreate() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyCreate />
    </Suspense>
  );
}

export function NewsEdit() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyEdit />
    </Suspense>
  );
}
