import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES, message } from '../messages.ts';
import { ALL_PERMISSIONS, PERMISSIONS } from '../permissions.ts';
import { ADMIN_RESOURCE_NAMES, adminResourcesOf, canUseAdminResource, needsSecondFactor } from '../contract/admin.ts';
import { validateBan, validateIpBan, validateNews, validatePermissions, validateTotpCode } from './admin.ts';

const bans: [string, Record<string, unknown>, string | { days: number | null }][] = [
  ['7 days', { reason: 'Cheating', days: 7 }, { days: 7 }],
  ['days as text', { reason: 'Cheating', days: '30' }, { days: 30 }],
  ['a permanent ban', { reason: 'Cheating', permanent: true }, { days: null }],
  ['a permanent ban with an empty days field', { reason: 'Cheating', permanent: 'on', days: '' }, { days: null }],
  ['no duration', { reason: 'Cheating' }, MESSAGES.banDurationInvalid],
  ['0 days', { reason: 'Cheating', days: 0 }, MESSAGES.banDurationInvalid],
  ['3651 days', { reason: 'Cheating', days: 3651 }, MESSAGES.banDurationInvalid],
  ['days and permanent together', { reason: 'Cheating', days: 3, permanent: true }, MESSAGES.banDurationInvalid],
  ['a 2-character reason', { reason: ' ab ', days: 1 }, MESSAGES.reasonTooShort],
  ['a 501-character reason', { reason: 'a'.repeat(501), days: 1 }, MESSAGES.reasonTooLong],
];
for (const [what, input, expected] of bans) {
  test(`a ban of ${what} ${typeof expected === 'string' ? `is refused with '${expected}'` : 'is taken'}`, (t) => {
    const result = validateBan(input);
    if (typeof expected === 'string') t.deepEqual(result, refusedWith(expected));
    else t.deepEqual(result, { ok: true, value: { reason: 'Cheating', ...expected } });
  });
}

test('permissions are a whole number from 0 to 127', (t) => {
  t.deepEqual(validatePermissions({ permissions: '24' }), { ok: true, value: { permissions: 24 } });
  t.deepEqual(validatePermissions({ permissions: 0 }), { ok: true, value: { permissions: 0 } });
  for (const permissions of [-1, 128, 1.5, 'all', undefined]) {
    t.deepEqual(validatePermissions({ permissions }), { ok: false, ...message('permissionsInvalid') });
  }
});

test('an IP ban needs an address and a reason', (t) => {
  t.deepEqual(validateIpBan({ address: ' 192.0.2.0/24 ', reason: 'Bots' }), {
    ok: true,
    value: { address: '192.0.2.0/24', reason: 'Bots' },
  });
  t.deepEqual(validateIpBan({ cidr: '192.0.2.1', reason: 'Bots' }).ok, true);
  t.deepEqual(validateIpBan({ reason: 'Bots' }), { ok: false, ...message('ipRangeInvalid') });
  t.deepEqual(validateIpBan({ address: '192.0.2.1' }), { ok: false, ...message('reasonTooShort') });
});

test('a new article needs a title, text and one of the four categories', (t) => {
  const article = { title: ' Finals ', content: '<p>Hi</p>', category_id: '3' };
  t.deepEqual(validateNews(article), {
    ok: true,
    value: { title: 'Finals', content: '<p>Hi</p>', category_id: 3 },
  });
  t.deepEqual(validateNews({ ...article, title: 'ab' }), { ok: false, ...message('titleTooShort') });
  t.deepEqual(validateNews({ ...article, title: 'a'.repeat(201) }), { ok: false, ...message('titleTooLong') });
  t.deepEqual(validateNews({ ...article, content: '  ' }), { ok: false, ...message('newsContentRequired') });
  t.deepEqual(validateNews({ ...article, category_id: 4 }), { ok: false, ...message('newsCategoryRequired') });
  t.deepEqual(validateNews({ ...article, excerpt: 'a'.repeat(501) }), { ok: false, ...message('newsExcerptTooLong') });
  t.deepEqual(validateNews({ ...article, image_hash: 'nope' }), { ok: false, ...message('newsImageMissing') });
  t.deepEqual(validateNews({ ...article, published_at: 'soon' }), { ok: false, ...message('newsPublishTimeInvalid') });
});

test('an edit checks only the fields it sends, and reads publish times as ISO text or unix seconds', (t) => {
  t.deepEqual(validateNews({ published: false }, { partial: true }), { ok: true, value: { published: false } });
  const iso = validateNews({ published_at: '2019-11-25T10:00:00.000Z' }, { partial: true });
  const unix = validateNews({ published_at: 1574676000 }, { partial: true });
  t.deepEqual(iso, unix);
  t.deepEqual(validateNews({ image_hash: '' }, { partial: true }), { ok: true, value: { image_hash: null } });
});

test('a two-factor code is 6 digits; spaces and dashes are ignored', (t) => {
  t.deepEqual(validateTotpCode({ code: '123 456' }), { ok: true, value: { code: '123456' } });
  t.deepEqual(validateTotpCode({ code: '123-456' }), { ok: true, value: { code: '123456' } });
  t.deepEqual(validateTotpCode({}), { ok: false, ...message('secondFactorRequired') });
  t.deepEqual(validateTotpCode({ code: '12345' }), { ok: false, ...message('secondFactorInvalid') });
  t.deepEqual(validateTotpCode({ code: '12345a' }), { ok: false, ...message('secondFactorInvalid') });
});

test('each console resource needs its flag; the audit log needs every flag', (t) => {
  t.deepEqual(adminResourcesOf(PERMISSIONS.canBanUsers), ['reports']);
  t.deepEqual(adminResourcesOf(PERMISSIONS.canSeeTrophyWinners), ['trophy-winners']);
  t.deepEqual(adminResourcesOf(0), []);
  t.false(canUseAdminResource(ALL_PERMISSIONS - 1, 'audit-log'));
  t.deepEqual([...adminResourcesOf(ALL_PERMISSIONS)].sort(), [...ADMIN_RESOURCE_NAMES].sort());
});

test('staff with TOTP on and every holder of all flags need a second factor', (t) => {
  t.false(needsSecondFactor({ permissions: PERMISSIONS.canPublishNews, totp_enabled: false }));
  t.true(needsSecondFactor({ permissions: PERMISSIONS.canPublishNews, totp_enabled: true }));
  t.true(needsSecondFactor({ permissions: ALL_PERMISSIONS, totp_enabled: false }));
});

test('a publish time outside the years a DATETIME stores (1000-9999) is refused, not a database error', (t) => {
  const refused = { ok: false, ...message('newsPublishTimeInvalid') };
  for (const published_at of [
    '999999999999',
    '-99999999999',
    253402300800,
    '+275760-09-13T00:00:00.000Z',
    '0999-12-31T00:00:00Z',
  ]) {
    t.deepEqual(validateNews({ published_at }, { partial: true }), refused, String(published_at));
  }
  const last = validateNews({ published_at: '9999-12-31T23:59:59.000Z' }, { partial: true });
  t.true(last.ok);
});
