import test from 'ava';
import { MESSAGES, message } from '../messages.ts';
import { isYoutubeId, validateYoutubeLink } from './evidence.ts';

const accepted: [string, string][] = [
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['http://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
  ['youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
  ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/live/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
  ['  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/watch?v=abcdefgh', 'abcdefgh'],
  ['https://www.youtube.com/watch?v=abcdefghijklmno', 'abcdefghijklmno'],
  ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
];
for (const [link, id] of accepted) {
  test(`evidence link ${JSON.stringify(link)} gives the video id ${id}`, (t) => {
    t.deepEqual(validateYoutubeLink(link), { ok: true, value: id });
  });
}

const refused: [string, unknown][] = [
  ['a 7-character id', 'https://www.youtube.com/watch?v=abcdefg'],
  ['a 16-character id', 'https://www.youtube.com/watch?v=abcdefghijklmnop'],
  ["an id with '!'", 'https://www.youtube.com/watch?v=abcd!fghij'],
  ['an empty v parameter', 'https://www.youtube.com/watch?v='],
  ['a YouTube link without an id', 'https://www.youtube.com/'],
  ['a channel link', 'https://www.youtube.com/@somechannel'],
  ['another site with a v parameter', 'https://evil.example.com/watch?v=dQw4w9WgXcQ'],
  ['a javascript: link', 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ'],
  ['an empty link', ''],
  ['plain words', 'my goal video'],
  ['a number', 12345678],
  ['an array', ['dQw4w9WgXcQ']],
  ['null', null],
];
for (const [what, link] of refused) {
  test(`evidence refuses ${what} with '${MESSAGES.invalidYoutubeLink}'`, (t) => {
    t.deepEqual(validateYoutubeLink(link), { ok: false, ...message('invalidYoutubeLink') });
  });
}

test('isYoutubeId takes 8 to 15 letters, digits, hyphens and underscores', (t) => {
  t.false(isYoutubeId('a'.repeat(7)));
  t.true(isYoutubeId('a'.repeat(8)));
  t.true(isYoutubeId('a-_B9'.repeat(3)));
  t.false(isYoutubeId('a'.repeat(16)));
  t.false(isYoutubeId('abcd efgh'));
});
