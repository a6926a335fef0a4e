/** Alias of /frontpage/giftcards. */
export { default, generateMetadata } from '@/app/_screens/giftcards/list-page';
