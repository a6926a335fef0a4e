/** `/promo/{urlName}` and `/frontpage/promo/{urlName}` are one page (spec section 2 names both): its module, re-exported. */
export { default, generateMetadata, generateStaticParams } from '@/app/v/[venue]/[locale]/(site)/frontpage/promo/[urlName]/page';
