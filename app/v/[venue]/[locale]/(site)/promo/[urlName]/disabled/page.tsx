/** `/promo/{urlName}/disabled` and `/frontpage/promo/{urlName}/disabled` are one page (spec section 2 names both): its module, re-exported. */
export { default, generateMetadata, generateStaticParams } from '@/app/v/[venue]/[locale]/(site)/frontpage/promo/[urlName]/disabled/page';
