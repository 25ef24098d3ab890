import test from 'ava';
import { MESSAGES } from '@ecup/domain';
import { FIXED_MESSAGES_SV as SPEC_MESSAGES_SV } from './messages-sv.ts';

/** The words of the result and conflict chips (ui-brief: Unverified, Verified, Confirmed, Conflict, dropped, Solved). */
const CHIP_WORDS = [
  'statusUnverified',
  'statusVerified',
  'statusConfirmed',
  'statusConflict',
  'statusDropped',
  'statusSolved',
] as const;

const capitalised = (word: string) => word.charAt(0) === word.charAt(0).toLocaleUpperCase() && word.length > 1;

test('every status chip starts with a capital like its neighbours: "Dropped" beside "Conflict", in English and Swedish', (t) => {
  for (const name of CHIP_WORDS) {
    t.true(capitalised(MESSAGES[name]), `${name}: ${MESSAGES[name]}`);
    t.true(capitalised(SPEC_MESSAGES_SV[name]), `${name}: ${SPEC_MESSAGES_SV[name]}`);
  }
  t.is(MESSAGES.statusDropped, 'Dropped');
  t.is(SPEC_MESSAGES_SV.statusDropped, 'Avbruten');
});
