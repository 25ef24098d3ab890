import { Create } from 'react-admin';
import { NewsForm } from './news-form.tsx';
import { newsTransform } from './upload-image.ts';

/** A new article; after saving, the edit page shows the preview of what the server stored. */
export default function NewsCreate() {
  return (
    <Create title="New article" transform={newsTransform} redirect="edit">
      <NewsForm />
    </Create>
  );
}
