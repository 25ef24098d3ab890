import type { MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { AdminForumReportRecord } from '@ecup/domain';

type Action = 'hide' | 'unhide' | 'lock' | 'unlock' | 'dismiss';

const DONE: Record<Action, string> = {
  hide: 'The post is hidden.',
  unhide: 'The post is visible again.',
  lock: 'The thread is locked.',
  unlock: 'The thread is open again.',
  dismiss: 'The report is dismissed.',
};

/**
 * The moderation buttons of one report (docs/api.md "forum-reports": `{ action }`): hide or unhide the post, lock
 * or unlock its thread, dismiss the report. Only the ones that change something are shown.
 */
export function ReportActions() {
  const record = useRecordContext<AdminForumReportRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;

  const run = (action: Action) => (event: MouseEvent) => {
    event.stopPropagation();
    void update(
      'forum-reports',
      { id: record.id, data: { action }, previousData: record },
      {
        onSuccess: () => {
          notify(DONE[action], { type: 'info' });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };

  const buttons: { action: Action; label: string; color?: 'error' | 'warning' }[] = [
    record.post.hidden
      ? { action: 'unhide', label: 'Unhide post' }
      : { action: 'hide', label: 'Hide post', color: 'error' },
    record.thread.locked
      ? { action: 'unlock', label: 'Unlock thread' }
      : { action: 'lock', label: 'Lock thread', color: 'warning' },
  ];
  if (!record.resolved) buttons.push({ action: 'dismiss', label: 'Dismiss' });

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'stretch' }}>
      {buttons.map((button) => (
        <Button
          key={button.action}
          size="small"
          variant={button.color ? 'outlined' : 'text'}
          color={button.color ?? 'primary'}
          disabled={isPending}
          onClick={run(button.action)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {button.label}
        </Button>
      ))}
    </Stack>
  );
}
