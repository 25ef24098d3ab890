import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The player app's service worker, at the root so that its scope is the whole site. */
const SERVICE_WORKER = 'sw.js';

/**
 * Serves a built single-page app under a base path: files as they are (hashed assets cached for a year, and the
 * build's brotli or gzip copy to browsers that accept it), and index.html for any other GET below the base, so the
 * app's router handles it (docs/product.md#screens-and-routes: unknown paths go to /).
 */
export function serveApp(
  root: string,
  base: '/' | '/admin/',
  options: {
    /**
     * Answers with the page asked for drawn into index.html (the public pages rendered on the server,
     * with their titles and link previews), given a way to read index.html; false leaves the shell as it is.
     */
    page?: (ctx: Koa.Context, shell: () => Promise<string>) => Promise<boolean>;
  } = {},
): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const inBase = base === '/' ? true : ctx.path === base.slice(0, -1) || ctx.path.startsWith(base);
    if (!inBase) return next();
    if (base !== '/' && ctx.path === base.slice(0, -1)) {
      ctx.redirect(base);
      return;
    }
    const relative = ctx.path.slice(base.length);
    const candidate = path.join(root, relative);
    if (relative !== '' && !relative.includes('\0') && candidate.startsWith(root) && (await isFile(candidate))) {
      const immutable = relative.startsWith('assets/');
      // The service worker is checked for a new version at every load: never a stale copy from a cache.
      if (relative === SERVICE_WORKER) ctx.set('Cache-Control', 'no-cache');
      // koa-send answers with the build's .br or .gz copy when the browser accepts it, so caches must key on that.
      ctx.vary('Accept-Encoding');
      await send(ctx, relative, {
        root,
        immutable,
        maxage: immutable ? 365 * 24 * 3600 * 1000 : 0,
      });
      return;
    }
    if (path.extname(relative) !== '' && relative.startsWith('assets/')) return next();
    if (!(await isFile(path.join(root, 'index.html')))) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (options.page && (await options.page(ctx, () => readFile(path.join(root, 'index.html'), 'utf8')))) return;
    await send(ctx, 'index.html', { root });
  };
}
