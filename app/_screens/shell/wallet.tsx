import { getTranslations } from 'next-intl/server';
import { WalletBadges } from '@/components/wallet/wallet-badges';
import { walletPath } from '@/server/wallet/items';
import type { Locale } from '@/lib/i18n/locales';

/** A pass's Apple and Google Wallet badges, on the page of the card, code or booking it holds (docs/wallet.md). */
export async function PassBadges({ serial, locale }: { serial: string; locale: Locale }) {
  const [apple, google] = [walletPath('apple', serial), walletPath('google', serial)];
  if (!apple || !google) return null;
  const t = await getTranslations('wallet');
  return (
    <WalletBadges
      apple={`${apple}?lang=${locale}`}
      google={`${google}?lang=${locale}`}
      labels={{ group: t('badges'), apple: t('addToApple'), google: t('addToGoogle') }}
    />
  );
}
