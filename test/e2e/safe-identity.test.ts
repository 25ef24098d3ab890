import type { Page } from 'playwright-core';
import { MESSAGES, RESULT_ENTRY_DELAY_MS } from '@ecup/domain';
import { FIXED_MESSAGES_SV } from '../../player-web/src/i18n/messages-sv.ts';
import { newPhonePage, screenshot } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signInOnPage, type RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * A player's words and identity as a 13-year-old meets them (docs/rules.md "Player text" and "What others see of a
 * player"), walked on a 390 px phone: an adult tries to put contact details in their club's name, in Swedish and in
 * English, and is refused; the 13-year-old opens their game against that adult and sees the adult's card as it was
 * stored and quick messages only; the adult sees the child by username, without names or club.
 */
const test = e2eTest('safe-identity');

const PHONE_WIDTH = 390;
const ATTEMPT = 'snap: coach_micke / wa 070-123 45 67';

async function signedInPhone(product: RunningProduct, page: Page, userId: number, lang: 'en' | 'sv') {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await signInOnPage(page, product, userId, lang);
}

test.serial(
  "an adult's contact details in a team name are refused in both languages; the 13-year-old's game shows the stored card",
  async (t) => {
    const { product, browser } = t.context;
    const year = new Date().getUTCFullYear();
    const grown = await buildUser(product.knex, {
      username: 'CoachMicke',
      first_name: 'Mikael',
      last_name: 'Berg',
      team_name: 'IFK Göteborg',
      fifa_team_name: 'Real Madrid',
      birth_date: new Date(Date.UTC(year - 35, 0, 1)),
    });
    const child = await buildUser(product.knex, {
      username: 'Ella13',
      first_name: 'Ellinor',
      last_name: 'Svanbergsson',
      team_name: 'Bagarmossen BK',
      gamer_tag: 'EllaPlays',
      birth_date: new Date(Date.UTC(year - 13, 0, 1)),
    });

    // The adult, in Swedish then in English, tries a handle and phone number as the FIFA team name.
    for (const lang of ['sv', 'en'] as const) {
      const page = await newPhonePage(browser);
      try {
        await signedInPhone(product, page, grown.id, lang);
        await page.goto(`${product.url}/settings`);
        const irl = page.getByLabel(lang === 'sv' ? 'IRL-lag' : 'IRL team');
        await irl.fill(ATTEMPT);
        await page.getByRole('button', { name: lang === 'sv' ? 'Spara lag' : 'Save teams' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        const said = await dialog.innerText();
        const expected = lang === 'sv' ? FIXED_MESSAGES_SV.irlTeamContactDetails : MESSAGES.irlTeamContactDetails;
        t.true(said.includes(expected), said);
        await screenshot(page, `safe-identity-team-refused-390-${lang}`, { screen: true });
      } finally {
        await page.context().close();
      }
    }
    t.is((await product.knex('users').where('id', grown.id).first('team_name'))!.team_name, 'IFK Göteborg');

    // Their game: the child sees the adult's stored card and quick messages only.
    const gameId = await buildGame(product.knex, {
      user_1_id: grown.id,
      user_2_id: child.id,
      created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 60_000),
    });
    for (const lang of ['en', 'sv'] as const) {
      const page = await newPhonePage(browser);
      try {
        await signedInPhone(product, page, child.id, lang);
        await page.goto(`${product.url}/game/${gameId}`);
        await page.getByText('CoachMicke').first().waitFor();
        const text = await page.locator('body').innerText();
        t.true(text.includes('IFK Göteborg'), 'the stored IRL team');
        for (const typed of ['coach_micke', '070-123', 'snap:']) t.false(text.includes(typed), typed);
        const quick = lang === 'sv' ? 'Snabbmeddelanden' : 'Quick messages';
        t.true((await page.getByLabel(quick).count()) > 0, 'quick messages are offered');
        t.is(
          await page.getByRole('textbox', { name: lang === 'sv' ? 'Meddelande' : 'Message' }).count(),
          0,
          'no free text',
        );
        await screenshot(page, `safe-identity-child-game-390-${lang}`);
      } finally {
        await page.context().close();
      }
    }

    // The adult's view of the same game: the child by username and gamer tag, never names or club.
    const page = await newPhonePage(browser);
    try {
      await signedInPhone(product, page, grown.id, 'en');
      await page.goto(`${product.url}/game/${gameId}`);
      await page.getByText('Ella13').first().waitFor();
      const text = await page.locator('body').innerText();
      for (const hidden of ['Ellinor', 'Svanbergsson', 'Bagarmossen BK']) t.false(text.includes(hidden), hidden);
      t.true(text.includes('EllaPlays'), 'the opponent needs the gamer tag to play');
      await screenshot(page, 'safe-identity-adult-game-390-en');
    } finally {
      await page.context().close();
    }
  },
);
