import type { Files } from 'formidable';

// koa-body augments its own copy of Koa's types; this makes the parsed body and files visible to ours.
declare module 'koa' {
  interface Request {
    body?: unknown;
    files?: Files;
  }
}
