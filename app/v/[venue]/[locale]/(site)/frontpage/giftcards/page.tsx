/** Gift card list. */
export { default, generateMetadata } from '@/components/giftcards/list-page';
