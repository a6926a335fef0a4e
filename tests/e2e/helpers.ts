import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_TOKEN, siteUrl } from './servers';

type Tree = { [key: string]: string | Tree };

/** The message files, so tests assert the translated wording rather than copies of it. */
export function messages(locale: string) {
  const tree = JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Tree;
  return (key: string): string => {
    const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree);
    if (typeof value !== 'string') throw new Error(`no message ${key}`);
    return value;
  };
}

export const VENUE = 'Trattoria Da Rosa';
export const SECOND_VENUE = 'Osteria Seconda';

/** Imports the second test venue (host seconda.localhost) into a site (default: the built-in one on PGlite). */
export async function importSecondVenue(request: APIRequestContext, origin = siteUrl('builtin')) {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const response = await request.post(`${origin}/api/admin/venues`, {
    headers: { authorization: `Bearer ${E2E_TOKEN}` },
    data: file,
  });
  if (!response.ok()) throw new Error(`venue import failed: ${response.status()} ${await response.text()}`);
  return response.json();
}
