import Router from '@koa/router';
import { MESSAGES, parsePositiveInt } from '@ecup/domain';
import { User, confirmGuardian, hashToken } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../../services/season.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(product: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)} – ${escape(product)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b1630;color:#eef2fb;display:grid;place-items:center;min-height:100vh}
main{max-width:32rem;padding:2rem;background:#13224a;border-radius:12px;margin:1rem}h1{margin-top:0;font-size:1.5rem}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:8px;background:#2fbf71;color:#06140c;cursor:pointer}
button:focus-visible{outline:3px solid #ffd166;outline-offset:2px}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/**
 * The page a parent or guardian opens from the e-mail (decisions §8). Opening it changes nothing (mail scanners
 * open links); the approval is the button, a POST.
 */
export function guardianRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const product = async () => (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;

  router.get('/guardian/confirm/:uid/:token', async (ctx) => {
    const { uid, token } = ctx.params as { uid: string; token: string };
    const id = parsePositiveInt(uid);
    const user = id ? await User.query(deps.knex).findById(id).whereNull('erased_at') : undefined;
    const name = await product();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!user || !user.guardian_token_hash || user.guardian_token_hash !== hashToken(token)) {
      ctx.status = 404;
      ctx.body = page(name, name, `<p>${escape(MESSAGES.guardianLinkInvalid)}</p>`);
      return;
    }
    if (user.guardian_confirmed_at) {
      ctx.body = page(name, MESSAGES.guardianConfirmedTitle, `<p>${escape(MESSAGES.guardianAlreadyConfirmed)}</p>`);
      return;
    }
    ctx.body = page(
      name,
      `Approve ${user.first_name}'s account`,
      `<p>${escape(`${user.first_name} ${user.last_name}`)} has signed up for ${escape(name)} as
      <strong>${escape(user.username)}</strong> and gave this e-mail address as that of a parent or guardian.</p>
      <p>Players under 18 need this approval to receive a prize.</p>
      <form method="post"><button type="submit">I approve</button></form>`,
    );
  });

  router.post('/guardian/confirm/:uid/:token', async (ctx) => {
    const { uid, token } = ctx.params as { uid: string; token: string };
    const name = await product();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    const id = parsePositiveInt(uid);
    try {
      if (!id) throw new HttpError(404, MESSAGES.guardianLinkInvalid);
      const result = await runCommand(deps, (trx) => confirmGuardian(trx, { uid: id, token, now: deps.now() }));
      ctx.body = page(
        name,
        MESSAGES.guardianConfirmedTitle,
        `<p>${escape(result.already ? MESSAGES.guardianAlreadyConfirmed : MESSAGES.guardianConfirmed(result.username, name))}</p>`,
      );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.status = error.status;
      ctx.body = page(name, name, `<p>${escape(error.message)}</p>`);
    }
  });
  return router;
}
