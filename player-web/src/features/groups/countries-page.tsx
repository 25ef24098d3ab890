import { CountriesPage } from './group-ranking-page.tsx';

/** Route /ranking/countries (sortable by `?sort=`, searchable by `?search=`). */
export const Component = CountriesPage;
