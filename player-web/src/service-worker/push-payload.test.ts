import test from 'ava';
import type { PushPayload } from '@ecup/domain';
import { notificationTarget, parsePushPayload } from './push-payload.ts';

const payload: PushPayload = {
  kind: 'result_submitted',
  title: 'Result submitted',
  body: 'anna submitted 2-1. Verify it within 15 minutes.',
  url: '/game/42',
  tag: 'game-42',
};

test("a push's JSON payload gives the notification's title, body, tag and page", (t) => {
  t.deepEqual(parsePushPayload(JSON.stringify(payload)), {
    title: payload.title,
    body: payload.body,
    url: payload.url,
    tag: payload.tag,
  });
  t.deepEqual(parsePushPayload(JSON.stringify({ ...payload, kind: 'a_kind_added_later' }))?.title, payload.title);
});

test('data that is not a push payload gives null', (t) => {
  for (const text of [null, undefined, '', 'hello', '[]', 'null', '42', '{"title":"x"}']) {
    t.is(parsePushPayload(text), null, String(text));
  }
  t.is(parsePushPayload(JSON.stringify({ ...payload, title: '  ' })), null, 'an empty title');
  t.is(parsePushPayload(JSON.stringify({ ...payload, body: 3 })), null);
  t.is(parsePushPayload(JSON.stringify({ ...payload, tag: undefined })), null);
});

test("a push's page must be a path of the site", (t) => {
  for (const url of ['https://elsewhere.example/', '//elsewhere.example/x', 'javascript:alert(1)', 'game/42', '/\\x']) {
    t.is(parsePushPayload(JSON.stringify({ ...payload, url })), null, url);
  }
});

test('a click on a notification opens its page on the site, and the home page for anything else', (t) => {
  const origin = 'https://ecup.example';
  t.is(notificationTarget({ url: '/game/42' }, origin), 'https://ecup.example/game/42');
  t.is(notificationTarget({ url: '/forums/3/7?page=2' }, origin), 'https://ecup.example/forums/3/7?page=2');
  for (const data of [
    null,
    undefined,
    'x',
    {},
    { url: 5 },
    { url: 'https://elsewhere.example/' },
    { url: '//x.example' },
  ]) {
    t.is(notificationTarget(data, origin), 'https://ecup.example/', JSON.stringify(data));
  }
});
