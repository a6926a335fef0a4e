/** Gift card list. */
export { default, generateMetadata } from '@/app/_screens/giftcards/list-page';
