import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FORUM_REPLY_INPUT_MAXLENGTH, validateForumReply, type ForumPostPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { createPost } from './create-post.ts';

/**
 * The reply form (docs/product.md#screens-and-routes, docs/product.md#validation): the message is checked with the API's validator first (Error popover with the
 * spec's message); submit is blocked while the call is pending; what was typed stays after a refusal.
 */
export function ReplyForm({
  threadId,
  onPosted,
  onCancel,
}: {
  threadId: number;
  onPosted(post: ForumPostPayload): void;
  onCancel(): void;
}) {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const id = useId();
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const form = validateForumReply({ message });
    if (!form.ok) {
      popover(tm('errorTitle'), tm(form));
      return;
    }
    setPending(true);
    try {
      const answer = await createPost(api, { threadId, message: form.value.message });
      onPosted(answer.post);
      // Parts of the post were masked (anyone's, docs/rules.md "Forum titles and posts"); say why.
      if (answer.notice) popover(t('forums.maskedTitle'), tm('forumMasked'));
    } catch {
      // The api client has shown the server's message; keep the text so nothing typed is lost.
      setPending(false);
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event: FormEvent) => void submit(event)}
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: 'primary.main' }}
    >
      <Typography id={`${id}-heading`} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1.5 }}>
        {t('forums.replyHeading')}
      </Typography>
      <TextField
        id={`${id}-message`}
        name="message"
        label={t('forums.replyLabel')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        helperText={t('forums.charsLeft', { count: FORUM_REPLY_INPUT_MAXLENGTH - message.length })}
        slotProps={{ htmlInput: { maxLength: FORUM_REPLY_INPUT_MAXLENGTH } }}
      />
      <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t('forums.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} aria-busy={pending}>
          {t('forums.postReply')}
        </Button>
      </Box>
    </Paper>
  );
}
