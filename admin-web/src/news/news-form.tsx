import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  DateTimeInput,
  ImageField,
  ImageInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import { NEWS_EXCERPT_MAX, NEWS_TITLE_MAX, validateNews, type AdminNewsRecord } from '@ecup/domain';
import { CATEGORY_CHOICES } from './categories.ts';

/** The title with the API's own rule (domain `validateNews`), so the form shows the same message the API would. */
const validTitle: Validator = (value: unknown) => {
  const result = validateNews({ title: typeof value === 'string' ? value : '' }, { partial: true });
  return result.ok ? undefined : result.error;
};

function CurrentImage() {
  const record = useRecordContext<AdminNewsRecord>();
  if (!record?.image_url) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        Current image (pick a new one below to replace it)
      </Typography>
      <Box
        component="img"
        src={record.image_url}
        alt=""
        sx={{ display: 'block', maxWidth: 320, maxHeight: 180, borderRadius: 1, objectFit: 'cover' }}
      />
    </Box>
  );
}

/**
 * The content editor is a writing area, not a one-line field: about 16 lines high on a laptop (fewer on a phone),
 * growing with the text and scrolling only past 70 % of the screen's height, so a whole article stays in reach.
 */
const EDITOR_AREA = {
  '& .RaRichTextInput-editorContent .ProseMirror': {
    minHeight: { xs: '12rem', md: '24rem' },
    maxHeight: '70vh',
    overflowY: 'auto',
    lineHeight: 1.6,
  },
} as const;

/**
 * The article form of create and edit: title, category label, publish time and whether it is published, image,
 * excerpt, and the rich-text content (HTML, sanitised by the server on save, docs/decisions.md#content-and-uploads).
 */
export function NewsForm() {
  return (
    <SimpleForm>
      <TextInput
        source="title"
        validate={[required(), validTitle]}
        fullWidth
        slotProps={{ htmlInput: { maxLength: NEWS_TITLE_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <SelectInput source="category_id" label="Category" choices={CATEGORY_CHOICES} validate={required()} />
        <DateTimeInput source="published_at" label="Publish time" helperText="Players see it from this time on" />
        <BooleanInput source="published" label="Published" defaultValue />
      </Box>
      <CurrentImage />
      <ImageInput source="image" label="Image" accept={{ 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput
        source="excerpt"
        multiline
        fullWidth
        helperText="Leave empty to use the start of the text"
        slotProps={{ htmlInput: { maxLength: NEWS_EXCERPT_MAX } }}
      />
      <RichTextInput source="content" label="Content" fullWidth validate={required()} sx={EDITOR_AREA} />
    </SimpleForm>
  );
}
