import { useCallback, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { type BlockedPlayerPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { FormSection } from '../form-section.tsx';
import { RecordList, RecordRow } from './record-list.tsx';
import { getBlocks, unblockPlayer } from './safety-api.ts';
import './i18n.ts';

/** Settings: the players the user blocked, each with "Unblock" (docs/decisions.md#minors-safety). */
export function BlockedPlayersSection() {
  const { t, tm, dateTime } = useI18n();
  const { api, popover } = useClient();
  const [blocks, setBlocks] = useState<BlockedPlayerPayload[] | null>(null);
  const [pending, setPending] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setBlocks((await getBlocks(api)).blocks);
    } catch {
      setBlocks([]);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const unblock = async (player: BlockedPlayerPayload) => {
    setPending(player.user_id);
    try {
      await unblockPlayer(api, player.user_id);
      setBlocks((list) => (list ?? []).filter((b) => b.user_id !== player.user_id));
      popover(t('safety.blocked.title'), tm('playerUnblocked'));
    } catch {
      // The api client showed the server's message.
    } finally {
      setPending(null);
    }
  };

  return (
    <FormSection id="settings-blocked" title={t('safety.blocked.title')}>
      <RecordList
        items={blocks}
        empty={t('safety.blocked.empty')}
        data-blocked-players
        row={(player) => (
          <RecordRow
            key={player.user_id}
            data-blocked={player.username}
            lead={<UserAvatar username={player.username} avatarHash={player.avatar_hash} size={32} decorative />}
            title={player.username}
            caption={t('safety.blocked.since', { date: dateTime(new Date(player.blocked_at)) })}
            end={
              <Button
                variant="outlined"
                size="small"
                disabled={pending === player.user_id}
                aria-label={t('safety.unblockName', { name: player.username })}
                onClick={() => void unblock(player)}
              >
                {t('safety.unblock')}
              </Button>
            }
          />
        )}
      />
    </FormSection>
  );
}
