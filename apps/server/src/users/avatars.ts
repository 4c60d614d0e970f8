import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { authMessages } from '@bullpen/contract/messages';
import { AVATAR_MAX_BYTES } from '@bullpen/contract/constants';
import { badRequest } from '../platform/errors.ts';

/** The image formats we accept, decided by decoding the bytes, never by a name or a header. */
const allowedFormats = new Set(['png', 'jpeg', 'gif', 'webp']);
const AVATAR_SIZE_PX = 256;

export function avatarsDir(dataDir: string): string {
  return path.join(dataDir, 'media', 'avatars');
}

/**
 * Checks and stores an uploaded avatar; returns the file name to keep on the user. The image
 * is decoded and re-encoded as a small WebP: that proves it is an image, and it drops every
 * piece of metadata (a child's photo can carry the GPS position of their home).
 */
export async function storeAvatar(dataDir: string, userId: number, image: Buffer): Promise<string> {
  if (image.length > AVATAR_MAX_BYTES) throw badRequest({ avatar: authMessages.avatarSize });
  let output: Buffer;
  try {
    const metadata = await sharp(image).metadata();
    if (!metadata.format || !allowedFormats.has(metadata.format)) throw new Error('format');
    output = await sharp(image, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest({ avatar: authMessages.avatarType });
  }
  const fileName = `${userId}-${randomBytes(8).toString('hex')}.webp`;
  const directory = avatarsDir(dataDir);
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, fileName), output);
  return fileName;
}

export async function removeAvatar(dataDir: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await fs.rm(path.join(avatarsDir(dataDir), path.basename(fileName)), { force: true });
}
