import { rm } from 'node:fs/promises';
import os from 'node:os';
import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { IMAGE_MAX_BYTES } from '@ecup/domain';
import type { AppState } from '../context.ts';

/** A file that arrived with a multipart request. */
export interface UploadedFile {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
}

/**
 * Parses JSON, form and multipart bodies (docs/decisions.md#api-contract) with limits, and removes every temporary upload when the
 * request ends, whatever happened, so no file is left behind.
 */
export function bodyParser(): Koa.Middleware<AppState> {
  const parse = koaBody({
    multipart: true,
    urlencoded: true,
    json: true,
    text: false,
    jsonLimit: '256kb',
    formLimit: '256kb',
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    formidable: {
      uploadDir: os.tmpdir(),
      maxFileSize: IMAGE_MAX_BYTES,
      maxFiles: 4,
      maxFields: 100,
      maxFieldsSize: 256 * 1024,
      allowEmptyFiles: false,
      minFileSize: 1,
      keepExtensions: false,
    },
    onError: (error) => {
      throw error;
    },
  });
  return async (ctx, next) => {
    try {
      await parse(ctx as unknown as Parameters<typeof parse>[0], next);
    } finally {
      const files = ctx.request.files;
      if (files) {
        const paths = Object.values(files)
          .flat()
          .map((file) => (file as { filepath: string }).filepath);
        await Promise.all(paths.map((file) => rm(file, { force: true })));
      }
    }
  };
}

/** The single file sent under `name`, or null (a repeated field counts as the first file). */
export function uploadedFile(ctx: Koa.Context, name: string): UploadedFile | null {
  const entry = ctx.request.files?.[name];
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file) return null;
  return {
    filepath: file.filepath,
    originalFilename: file.originalFilename ?? null,
    mimetype: file.mimetype ?? null,
    size: file.size,
  };
}

/** The request body as a plain record (an empty object when there is none or it is not an object). */
export function bodyOf(ctx: Koa.Context): Record<string, unknown> {
  const body: unknown = ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return body as Record<string, unknown>;
}

/** Query parameters as a record of strings (a repeated parameter counts as its first value). */
export function queryOf(ctx: Koa.Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

/** Query and body together for calls that accept both GET and POST ("method not shown", docs/decisions.md#api-contract). */
export function paramsOf(ctx: Koa.Context): Record<string, unknown> {
  return { ...queryOf(ctx), ...bodyOf(ctx) };
}
