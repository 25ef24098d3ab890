import test from 'ava';
import { message } from '../messages.ts';
import { validateMuteDays, validateReport, validateWarning } from './reports.ts';

test('validateReport takes one of the four reasons, text optional but required for "other", at most 500', (t) => {
  t.deepEqual(validateReport({ reason: 'bullying' }), { ok: true, value: { reason: 'bullying', text: null } });
  t.deepEqual(validateReport({ reason: ' cheating ', text: '  aimbot  ' }), {
    ok: true,
    value: { reason: 'cheating', text: 'aimbot' },
  });
  t.deepEqual(validateReport({ reason: 'rude' }), { ok: false, ...message('reportReasonInvalid') });
  t.deepEqual(validateReport({}), { ok: false, ...message('reportReasonInvalid') });
  t.deepEqual(validateReport({ reason: 'other', text: ' ' }), { ok: false, ...message('reportTextRequired') });
  t.deepEqual(validateReport({ reason: 'other', text: 'x'.repeat(501) }), {
    ok: false,
    ...message('reportTextTooLong'),
  });
  t.true(validateReport({ reason: 'other', text: 'x'.repeat(500) }).ok);
});

test('validateWarning needs 1-500 characters; validateMuteDays whole days from 1 to 365', (t) => {
  t.deepEqual(validateWarning({ message: ' Be kind. ' }), { ok: true, value: { message: 'Be kind.' } });
  t.deepEqual(validateWarning({ message: '' }), { ok: false, ...message('warningRequired') });
  t.deepEqual(validateWarning({ message: 'x'.repeat(501) }), { ok: false, ...message('warningTooLong') });
  t.deepEqual(validateMuteDays({ days: '3' }), { ok: true, value: { days: 3 } });
  for (const days of [0, 366, 1.5, 'soon', undefined]) {
    t.deepEqual(validateMuteDays({ days }), { ok: false, ...message('muteDaysInvalid') }, String(days));
  }
});
