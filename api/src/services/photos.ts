import { readFile } from 'node:fs/promises';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PX, PHOTO_ACCEPT, isAcceptedFileType, message } from '@ecup/domain';
import { ImageRejected, normaliseImage } from '@ecup/storage';
import { badRequest, payloadTooLarge } from '../errors.ts';
import type { UploadedFile } from '../middleware/body.ts';

/**
 * Checks an uploaded photo (docs/product.md#validation: jpeg or png; docs/decisions.md#content-and-uploads: size and pixel limits) and returns it re-encoded
 * as JPEG. Refusals carry the user-facing message.
 */
export async function readPhoto(file: UploadedFile): Promise<Buffer> {
  if (!isAcceptedFileType({ name: file.originalFilename, type: file.mimetype }, PHOTO_ACCEPT)) {
    throw badRequest('photoType');
  }
  if (file.size > IMAGE_MAX_BYTES)
    throw payloadTooLarge(message('photoTooLarge', { megabytes: IMAGE_MAX_BYTES / 1024 / 1024 }));
  try {
    return await normaliseImage(await readFile(file.filepath));
  } catch (error) {
    if (error instanceof ImageRejected) {
      if (error.reason === 'too_large')
        throw payloadTooLarge(message('photoTooLarge', { megabytes: IMAGE_MAX_BYTES / 1024 / 1024 }));
      if (error.reason === 'too_many_pixels') throw badRequest(message('photoTooManyPixels', { px: IMAGE_MAX_PX }));
      throw badRequest('photoType');
    }
    throw error;
  }
}
