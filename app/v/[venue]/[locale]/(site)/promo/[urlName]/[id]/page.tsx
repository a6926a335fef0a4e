/** `/promo/{urlName}/{id}` and `/frontpage/promo/{urlName}/{id}` are one page (spec section 2 names both): its module, re-exported. */
// Route segment settings cannot be re-exported (Next.js reads them from this file).
export const dynamic = 'force-dynamic';
export { default, generateMetadata } from '@/app/v/[venue]/[locale]/(site)/frontpage/promo/[urlName]/[id]/page';
