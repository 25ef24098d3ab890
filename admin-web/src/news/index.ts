import Article from '@mui/icons-material/Article';
import { ADMIN_RESOURCES } from '@ecup/domain';
import type { ConsoleResource } from '../resource-definition.ts';
import { NewsCreate, NewsEdit } from './lazy.tsx';
import { NewsList } from './news-list.tsx';

/** News (canPublishNews): list, create, edit and delete articles, with image upload and a preview. */
export const news: ConsoleResource = {
  name: 'news',
  label: 'News',
  flags: ADMIN_RESOURCES.news,
  icon: Article,
  list: NewsList,
  create: NewsCreate,
  edit: NewsEdit,
  recordRepresentation: 'title',
  notifications: {
    created: 'The article is saved.',
    updated: 'Your changes to the article are saved.',
    deleted: 'The article is deleted. Players no longer see it.',
  },
};
