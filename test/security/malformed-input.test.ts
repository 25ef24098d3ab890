import test from 'ava';
import { ROUTES } from './inventory.ts';
import { summarise } from './suite.ts';
import { suite } from './suites/malformed-input.ts';
import { checkAnswer } from './support/input-requests.ts';

test('suite 2 (fast): ~2,000 malformed requests over every route get no 5xx, crash, unhandled rejection, stack trace or SQL', async (t) => {
  t.timeout(180_000);
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  t.true(Number(report.figures.requests) >= 2_000, `requests: ${report.figures.requests}`);
  t.is(report.figures.routes, ROUTES.filter((route) => !route.testOnly).length);
  t.notRegex(String(report.figures.statuses), /\b5\d\d×/);
});

test('the answer checks catch a 5xx, a stack trace, SQL and an internal path, but not an echo of what was sent', (t) => {
  const sent = {
    method: 'POST',
    path: '/forums/new_post',
    headers: {},
    body: Buffer.from('message=SELECT+*+FROM+users'),
  };
  const answer = (status: number, text: string) => ({ status, headers: {}, text, ms: 1 });
  t.deepEqual(checkAnswer(answer(200, '{"post":{"message":"SELECT * FROM users"}}'), sent), []);
  t.is(checkAnswer(answer(500, '{"error":"Something went wrong."}'), sent).length, 1);
  t.regex(
    checkAnswer(
      answer(400, '{"error":"TypeError: x is undefined\\n    at run (/work/main/api/src/app.ts:12:5)"}'),
      sent,
    ).join(),
    /stack trace/,
  );
  t.regex(checkAnswer(answer(400, '{"error":"ER_DUP_ENTRY: Duplicate entry"}'), sent).join(), /SQL/);
  t.regex(checkAnswer(answer(400, '{"error":"select `id` from `users` where `id` = 1"}'), sent).join(), /SQL/);
  t.regex(checkAnswer(answer(404, '{"error":"ENOENT /tmp/ecup-api-x/uploads/a.jpg"}'), sent).join(), /internal path/);
});
