/** Alias of /frontpage/giftcards. */
export { default, generateMetadata } from '@/components/giftcards/list-page';
