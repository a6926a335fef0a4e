import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '@/server/runtime/config';

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The photo as Satori can draw it: a file of the site's own `public/` read from disk as a data
 * URL (next/og refuses to fetch from a loopback or private address), an outside `https` URL as
 * it is; '' for an SVG (Satori cannot draw one as a photo) or a file that is not there.
 */
export async function photoSource(photo: string): Promise<string> {
  if (!photo || photo.endsWith('.svg')) return '';
  if (/^https:\/\//.test(photo)) return photo;
  const type = IMAGE_TYPES[path.extname(photo).toLowerCase()];
  const file = path.normalize(projectPath('public', photo));
  if (!type || !photo.startsWith('/') || !file.startsWith(projectPath('public') + path.sep)) return '';
  try {
    return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
  } catch {
    return '';
  }
}
