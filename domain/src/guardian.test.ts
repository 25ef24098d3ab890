import test from 'ava';
import { GUARDIAN_LINK_MS } from './constants.ts';
import { guardianApprovalState, guardianLinkExpired } from './guardian.ts';

const TODAY = new Date('2026-11-26T08:00:00Z');
const thirteen = { year: 2013, month: 5, day: 1 };

test('a 13-year-old whose parent has not used the link is waiting', (t) => {
  t.is(
    guardianApprovalState(
      { birth_date: thirteen, guardian_email: 'p@example.com', guardian_confirmed_at: null },
      TODAY,
    ),
    'waiting',
  );
});

test('an approved minor is approved', (t) => {
  t.is(
    guardianApprovalState(
      { birth_date: thirteen, guardian_email: 'p@example.com', guardian_confirmed_at: TODAY },
      TODAY,
    ),
    'approved',
  );
});

test('an adult, or a minor who has turned 18 since sign-up, needs no approval', (t) => {
  t.is(
    guardianApprovalState(
      { birth_date: { year: 1990, month: 1, day: 1 }, guardian_email: null, guardian_confirmed_at: null },
      TODAY,
    ),
    'not_needed',
  );
  t.is(
    guardianApprovalState(
      { birth_date: { year: 2008, month: 11, day: 26 }, guardian_email: 'p@example.com', guardian_confirmed_at: null },
      TODAY,
    ),
    'not_needed',
    'eighteen today',
  );
  t.is(
    guardianApprovalState(
      { birth_date: { year: 2008, month: 11, day: 27 }, guardian_email: 'p@example.com', guardian_confirmed_at: null },
      TODAY,
    ),
    'waiting',
    'eighteen tomorrow',
  );
});

test('a guardian link works until GUARDIAN_LINK_MS after it was sent; one without a sending time never works', (t) => {
  const sent = new Date('2026-03-01T12:00:00Z');
  t.false(guardianLinkExpired(sent, new Date(sent.getTime() + GUARDIAN_LINK_MS - 1)));
  t.true(guardianLinkExpired(sent, new Date(sent.getTime() + GUARDIAN_LINK_MS)));
  t.true(guardianLinkExpired(null, sent));
});
