import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FORUM_THREAD_MESSAGE_INPUT_MAXLENGTH,
  FORUM_TITLE_INPUT_MAXLENGTH,
  validateForumThread,
  type ForumCategory,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { loadCredentials } from '../../lib/credentials.ts';
import { BackLink } from './back-link.tsx';
import { createThread } from './create-thread.ts';

/**
 * Route /forums/{slug}/new_thread (docs/product.md#screens-and-routes, docs/product.md#validation): Title, Message, Back and Submit for signed-in players; others
 * are sent to /. The form is checked with the API's validator first; after creation the new thread opens.
 */
export function NewThreadForm({ category }: { category: ForumCategory }) {
  const { t, tm } = useI18n();
  const { api, state: client, popover } = useClient();
  const navigate = useNavigate();
  const id = useId();
  usePageTitle(t('forums.newTopic'));
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);

  if (!client.user) {
    // A stored session is still being checked: wait for it rather than sending a signed-in player away.
    if (client.authenticating || loadCredentials()) return <LoadingScreen fullScreen={false} />;
    return <Navigate to="/" replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const form = validateForumThread({ title, message });
    if (!form.ok) {
      popover(tm('errorTitle'), tm(form));
      return;
    }
    setPending(true);
    try {
      const answer = await createThread(api, { categoryId: category.id, ...form.value });
      navigate(`/forums/${category.slug}/${answer.id}`, { replace: true });
      // Parts of the title or opening post were masked (anyone's, docs/rules.md "Forum titles and posts"); say why.
      if (answer.notice) popover(t('forums.maskedTitle'), tm('forumMasked'));
    } catch {
      // The api client has shown the server's message; what was typed stays.
      setPending(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <BackLink to={`/forums/${category.slug}`}>{t('forums.backTo', { title: category.title })}</BackLink>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, mb: 0.5 }}>
        {t('forums.newTopic')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {t('forums.newTopicIn', { title: category.title })}
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event: FormEvent) => void submit(event)}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}
      >
        <TextField
          id={`${id}-title`}
          name="title"
          label={t('forums.topicTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: FORUM_TITLE_INPUT_MAXLENGTH } }}
        />
        <TextField
          id={`${id}-message`}
          name="message"
          label={t('forums.topicMessage')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={8}
          fullWidth
          helperText={t('forums.charsLeft', { count: FORUM_THREAD_MESSAGE_INPUT_MAXLENGTH - message.length })}
          slotProps={{ htmlInput: { maxLength: FORUM_THREAD_MESSAGE_INPUT_MAXLENGTH } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Button component={RouterLink} to={`/forums/${category.slug}`} variant="outlined" disabled={pending}>
            {t('forums.back')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {t('forums.submit')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
