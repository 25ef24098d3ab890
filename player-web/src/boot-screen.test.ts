import { readFile } from 'node:fs/promises';
import test from 'ava';
import { MESSAGES } from '@ecup/domain';
import { FIXED_MESSAGES_SV as SPEC_MESSAGES_SV } from './i18n/messages-sv.ts';

const indexHtml = () => readFile(new URL('../index.html', import.meta.url), 'utf8');

test('the page shows "Loading..." (Swedish "Laddar...") in #root before the app arrives, in the app\'s own words', async (t) => {
  const html = await indexHtml();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/div>/.exec(html)?.[1] ?? '';
  const text = /<span data-boot-text data-en="([^"]*)" data-sv="([^"]*)">([^<]*)<\/span>/.exec(root);
  t.truthy(text, 'the boot text is inside #root');
  t.is(text?.[1], MESSAGES.loading);
  t.is(text?.[2], SPEC_MESSAGES_SV.loading);
  t.is(text?.[3], MESSAGES.loading, 'English until the boot script knows the language');
  t.regex(root, /role="status"/);
  t.regex(html, /<script src="\/boot\.js" async><\/script>/);
});
