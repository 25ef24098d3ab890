import { ClubsPage } from './group-ranking-page.tsx';

/** Route /ranking/clubs (sortable by `?sort=`, searchable by `?search=`). */
export const Component = ClubsPage;
