import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ForumPostPayload } from '@ecup/domain';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { lifetimePosts } from './wording.ts';
import '../../components/safety/i18n.ts';

export interface PostActions {
  /** Set for signed-in players on others' posts. */
  onReport?: (post: ForumPostPayload) => void;
  /** Set for staff with canBanUsers. */
  onHide?: (post: ForumPostPayload) => void;
  onShow?: (post: ForumPostPayload) => void;
}

/**
 * One post (docs/product.md#screens-and-routes): avatar, @username, role label, lifetime post count, the message as plain text and its time.
 * The message is React text with its line breaks kept; it is never parsed as HTML. Staff see hidden posts dimmed
 * with the reason.
 */
export function PostCard({
  post,
  actions,
  ref,
}: {
  post: ForumPostPayload;
  actions: PostActions;
  ref?: Ref<HTMLElement>;
}) {
  const { t, dateTime } = useI18n();
  const hidden = post.hidden === true;
  const headingId = `post-${post.id}-by`;
  const showActions = actions.onReport || (hidden ? actions.onShow : actions.onHide);
  return (
    <Paper
      component="article"
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      aria-labelledby={headingId}
      data-post={post.id}
      sx={{
        p: { xs: 1.5, sm: 2 },
        outline: 'none',
        borderStyle: hidden ? 'dashed' : 'solid',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
      }}
    >
      <Box component="header" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', opacity: hidden ? 0.6 : 1 }}>
        <UserAvatar username={post.username} avatarHash={post.avatar_hash} size={40} decorative />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}>
            <Typography id={headingId} component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              <Link
                component={RouterLink}
                to={`/player/${encodeURIComponent(post.username)}`}
                color="inherit"
                underline="hover"
              >
                @{post.username}
              </Link>
            </Typography>
            <Box
              component="span"
              data-role
              sx={{
                px: 0.75,
                py: 0.125,
                borderRadius: 1,
                fontSize: '0.7rem',
                fontWeight: 700,
                letterSpacing: '0.04em',
                textTransform: 'uppercase',
                border: 1,
                ...(post.admin
                  ? { bgcolor: 'secondary.main', borderColor: 'secondary.main', color: 'secondary.contrastText' }
                  : { borderColor: 'divider', color: 'text.secondary' }),
              }}
            >
              {post.admin ? t('forums.role.admin') : t('forums.role.member')}
            </Box>
          </Box>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 1.5,
              typography: 'body2',
              color: 'text.secondary',
            }}
          >
            <span data-lifetime>{lifetimePosts(t, post.lifetime_posts)}</span>
            <time dateTime={new Date(post.inserted * 1000).toISOString()}>{dateTime(post.inserted)}</time>
          </Box>
        </Box>
      </Box>
      {hidden && (
        <Typography
          variant="body2"
          sx={{ mt: 1.5, px: 1, py: 0.5, borderRadius: 1, bgcolor: 'action.selected', fontWeight: 500 }}
        >
          {post.hidden_reason ? t('forums.hiddenBy', { reason: post.hidden_reason }) : t('forums.hiddenNoReason')}
        </Typography>
      )}
      <Typography
        component="div"
        data-post-body
        sx={{
          mt: 1.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          lineHeight: 1.6,
          opacity: hidden ? 0.6 : 1,
          ...(post.blocked ? { fontStyle: 'italic', color: 'text.secondary' } : {}),
        }}
      >
        {post.blocked ? t('safety.postHidden') : post.message}
      </Typography>
      {showActions && (
        <Box
          role="group"
          aria-label={t('forums.postActions', { username: post.username })}
          sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}
        >
          {actions.onReport && (
            <Button
              size="small"
              color="inherit"
              startIcon={<FlagOutlined />}
              onClick={() => actions.onReport?.(post)}
              sx={{ color: 'text.secondary' }}
            >
              {t('forums.report')}
            </Button>
          )}
          {hidden && actions.onShow && (
            <Button size="small" startIcon={<VisibilityOutlined />} onClick={() => actions.onShow?.(post)}>
              {t('forums.show')}
            </Button>
          )}
          {!hidden && actions.onHide && (
            <Button
              size="small"
              color="warning"
              startIcon={<VisibilityOffOutlined />}
              onClick={() => actions.onHide?.(post)}
            >
              {t('forums.hide')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
