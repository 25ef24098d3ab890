/** The upload file-type check (docs/product.md#validation "Upload file-type check"). No message: callers choose one. */

/** What the check reads of a file: its name and media type, either possibly missing. */
export interface FileTypeSubject {
  name?: string | null;
  type?: string | null;
}

/** Accepted photo types for avatars, team photos and evidence (docs/product.md#validation: "photos: jpeg or png"). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * docs/product.md#validation "Upload file-type check": true when the file or the accepted list is missing; otherwise true when any
 * entry matches. Entries come as an array or a comma-separated string and are trimmed; an entry starting with '.'
 * matches a file name ending with it, ignoring case; an entry ending with '/*' matches any media type with the
 * same main type; any other entry must equal the media type exactly. Empty entries (a trailing comma) match
 * nothing, so a file without a media type is not let through by accident.
 *
 * This only looks at what the client claims. The server still decodes every image (docs/decisions.md#content-and-uploads).
 */
export function isAcceptedFileType(
  file: FileTypeSubject | null | undefined,
  accepted: readonly string[] | string | null | undefined,
): boolean {
  if (!file || !accepted) return true;
  const entries = typeof accepted === 'string' ? accepted.split(',') : accepted;
  const name = (typeof file.name === 'string' ? file.name : '').toLowerCase();
  const type = typeof file.type === 'string' ? file.type : '';
  const mainType = type.replace(/\/.*$/, '');
  return entries.some((raw) => {
    if (typeof raw !== 'string') return false;
    const entry = raw.trim();
    if (entry === '') return false;
    if (entry.startsWith('.')) return name.endsWith(entry.toLowerCase());
    if (entry.endsWith('/*')) return mainType === entry.slice(0, -2);
    return type === entry;
  });
}
