import { handleSitemap } from '@/server/experiences/sitemap';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleSitemap(request);
}
