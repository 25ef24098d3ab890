import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface Props {
  codes: string[];
  /** Called once the staff member says the codes are saved. */
  onDone: () => void;
  doneLabel?: string;
}

/**
 * The recovery codes of an enrolment, shown this once (docs/decisions.md#permissions; only their hashes are kept): copy or download
 * them, tick "I have saved them", then go on. Each signs in once in place of the authenticator's code.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = 'Continue' }: Props) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Save these codes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Save these codes somewhere safe, away from your phone. If you lose your phone, each code signs you in once
        instead of a code from your authenticator app. They are shown only now.
      </Typography>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          py: 1.5,
          pl: 5,
          pr: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: 15,
          bgcolor: 'action.hover',
          borderRadius: 1,
          userSelect: 'all',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outlined" onClick={download}>
          Download
        </Button>
      </Stack>
      {copied && <Alert severity="success">The codes are on your clipboard.</Alert>}
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I have saved these codes"
      />
      <Button variant="contained" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
