import test from 'ava';
import { PHOTO_ACCEPT, isAcceptedFileType } from './file-type.ts';
import type { FileTypeSubject } from './file-type.ts';

type Accepted = readonly string[] | string | null | undefined;

const cases: [string, FileTypeSubject | null | undefined, Accepted, boolean][] = [
  // Missing file or accepted list: nothing to check (docs/product.md#validation).
  ['no file', null, 'image/png', true],
  ['an undefined file', undefined, 'image/png', true],
  ['no accepted list', { name: 'a.exe', type: 'application/x-msdownload' }, undefined, true],
  ['a null accepted list', { name: 'a.exe', type: 'application/x-msdownload' }, null, true],
  ['an empty accepted string', { name: 'a.exe', type: 'application/x-msdownload' }, '', true],
  ['an empty accepted array', { name: 'a.png', type: 'image/png' }, [], false],
  // Dot entries match the end of the name, ignoring case.
  ['a .png name against .png', { name: 'me.png', type: '' }, '.png', true],
  ['a .PNG name against .png', { name: 'ME.PNG', type: '' }, '.png', true],
  ['a .png name against .PNG', { name: 'me.png', type: '' }, '.PNG', true],
  ['a .gif name against .png', { name: 'me.gif', type: 'image/gif' }, '.png', false],
  ['a name ending in png without a dot', { name: 'mepng', type: '' }, '.png', false],
  ['a missing name against .png', { type: 'image/png' }, '.png', false],
  ['a null name against .png', { name: null, type: null }, '.png', false],
  // Entries ending in /* match the main type.
  ['image/gif against image/*', { name: 'a.gif', type: 'image/gif' }, 'image/*', true],
  ['video/mp4 against image/*', { name: 'a.mp4', type: 'video/mp4' }, 'image/*', false],
  ['a missing type against image/*', { name: 'a.png' }, 'image/*', false],
  // Other entries equal the media type exactly.
  ['image/png against image/png', { name: 'x', type: 'image/png' }, 'image/png', true],
  ['image/jpeg against image/png', { name: 'x', type: 'image/jpeg' }, 'image/png', false],
  ['IMAGE/PNG against image/png (exact, case matters)', { name: 'x', type: 'IMAGE/PNG' }, 'image/png', false],
  ['image/png against image/pn', { name: 'x', type: 'image/png' }, 'image/pn', false],
  // Lists.
  ['a .jpeg name against a spaced comma list', { name: 'a.JPEG', type: '' }, ' image/png , .jpeg ', true],
  ['image/png against a spaced comma list', { name: 'x', type: 'image/png' }, '.jpg,  image/png', true],
  ['application/pdf against a comma list', { name: 'x.pdf', type: 'application/pdf' }, 'image/*, .png', false],
  ['image/png against an array', { name: 'x', type: 'image/png' }, ['.jpg', ' image/png '], true],
  ['a typeless file against a list with a trailing comma', { name: 'x' }, 'image/png,', false],
  // The photo list of the sign-up and settings forms.
  ['a JPEG photo', { name: 'me.jpg', type: 'image/jpeg' }, PHOTO_ACCEPT, true],
  ['a PNG photo with no type', { name: 'me.png', type: '' }, PHOTO_ACCEPT, true],
  ['a GIF photo', { name: 'me.gif', type: 'image/gif' }, PHOTO_ACCEPT, false],
  ['a HEIC photo', { name: 'IMG_1.HEIC', type: 'image/heic' }, PHOTO_ACCEPT, false],
];

for (const [what, file, accepted, expected] of cases) {
  test(`file-type check ${expected ? 'accepts' : 'refuses'} ${what}`, (t) => {
    t.is(isAcceptedFileType(file, accepted), expected);
  });
}

test('file-type check ignores non-string entries and fields instead of throwing', (t) => {
  const file = { name: 42, type: {} } as unknown as FileTypeSubject;
  t.false(isAcceptedFileType(file, [1, null, '.png'] as unknown as string[]));
  t.true(isAcceptedFileType({ name: 'a.png' }, [1, '.png'] as unknown as string[]));
});
