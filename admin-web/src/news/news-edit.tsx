import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Edit, useRecordContext } from 'react-admin';
import type { AdminNewsRecord } from '@ecup/domain';
import { NewsForm } from './news-form.tsx';
import { NewsPreview } from './news-preview.tsx';
import { newsTransform } from './upload-image.ts';

function PreviewAside() {
  const record = useRecordContext<AdminNewsRecord>();
  if (!record) return null;
  return (
    <Card variant="outlined" sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, flex: '0 0 44%', minWidth: 0 }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          Preview as saved
        </Typography>
        <NewsPreview record={record} />
      </CardContent>
    </Card>
  );
}

/** Edit an article beside the preview of its saved version (the server's sanitised HTML). */
export default function NewsEdit() {
  return (
    <Edit
      title="Edit article"
      transform={newsTransform}
      mutationMode="pessimistic"
      redirect={false}
      aside={<PreviewAside />}
      sx={{ '& .RaEdit-main': { flexWrap: { xs: 'wrap', md: 'nowrap' } } }}
    >
      <NewsForm />
    </Edit>
  );
}
