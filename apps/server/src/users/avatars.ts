import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { authMessages } from '@bullpen/contract/messages';
import { AVATAR_MAX_BYTES } from '@bullpen/contract/constants';
import { badRequest } from '../platform/errors.ts';

/** The image types we accept, decided by the file's bytes, never by its name or header. */
const allowedTypes = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

export function avatarsDir(dataDir: string): string {
  return path.join(dataDir, 'media', 'avatars');
}

/** Checks and stores an uploaded avatar; returns the file name to keep on the user. */
export async function storeAvatar(dataDir: string, userId: number, image: Buffer): Promise<string> {
  if (image.length > AVATAR_MAX_BYTES) throw badRequest({ avatar: authMessages.avatarSize });
  const detected = await fileTypeFromBuffer(image);
  const extension = detected ? allowedTypes.get(detected.mime) : undefined;
  if (!extension) throw badRequest({ avatar: authMessages.avatarType });
  const fileName = `${userId}-${randomBytes(8).toString('hex')}.${extension}`;
  const directory = avatarsDir(dataDir);
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, fileName), image);
  return fileName;
}

export async function removeAvatar(dataDir: string, fileName: string | null): Promise<void> {
  if (!fileName) return;
  await fs.rm(path.join(avatarsDir(dataDir), path.basename(fileName)), { force: true });
}
