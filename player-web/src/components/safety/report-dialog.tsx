import { useId, useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { REPORT_REASONS, REPORT_TEXT_MAX, validateReport, type ReportReason } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { reportInGame } from './safety-api.ts';
import './i18n.ts';

/**
 * Reports an opponent's chat line (`chatMessageId`) or the opponent (docs/decisions.md#minors-safety): a reason (radio) and, for
 * "Other", what happened. Checked with the API's validator first; once sent, "Thanks. A moderator will look at
 * your report." A refusal (already reported, too many reports) shows the Error popover and keeps the dialog open.
 */
export function ReportDialog({
  open,
  gameId,
  chatMessageId,
  name,
  onClose,
}: {
  open: boolean;
  gameId: number;
  chatMessageId: number | null;
  name: string;
  onClose(): void;
}) {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');

  const submit = async () => {
    const form = validateReport({ reason, text });
    if (!form.ok) {
      popover(tm('errorTitle'), tm(form));
      return;
    }
    try {
      await reportInGame(api, { gameId, chatMessageId, reason: form.value.reason, text: form.value.text ?? '' });
      setReason('');
      setText('');
      onClose();
      popover(t('safety.report.doneTitle'), tm('reportSent'));
    } catch {
      // The api client showed the server's message.
    }
  };

  return (
    <FormDialog
      open={open}
      title={chatMessageId === null ? t('safety.report.title', { name }) : t('safety.report.lineTitle', { name })}
      submitLabel={t('safety.report.send')}
      submitDisabled={reason === ''}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormControl>
        <FormLabel id={`${id}-reason`}>{t('safety.report.reason')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-reason`}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`safety.reason.${value}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {reason === 'other' && (
        <TextField
          id={`${id}-text`}
          label={t('safety.report.text')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: REPORT_TEXT_MAX } }}
        />
      )}
      <DialogContentText sx={{ mt: 2 }}>{t('safety.report.private', { name })}</DialogContentText>
    </FormDialog>
  );
}
