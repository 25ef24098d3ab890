import test from 'ava';
import { summarise } from '../security/suite.ts';
import { FAST_PAYLOADS, suite } from '../security/suites/stored-xss.ts';

/**
 * Security suite 4 at CI size: stored XSS payloads through every stored text field, rendered in the player app and
 * the console in headless Chromium. It starts the whole product and a browser, so it runs in the browser phase.
 */
test('no stored payload runs in any view of the player app or the console, and stored news HTML is clean', async (t) => {
  t.timeout(180_000);
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  t.true(Number(report.figures.payloads) >= FAST_PAYLOADS, `payloads: ${report.figures.payloads}`);
  t.true(Number(report.figures.fields) >= 15, `fields: ${report.figures.fields}`);
  t.true(Number(report.figures['views rendered']) >= 25, `views: ${report.figures['views rendered']}`);
  t.is(report.figures.dialogs, 0);
  t.is(report.figures['hook hits'], 0);
});
