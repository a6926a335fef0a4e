import 'server-only';
import { getTranslations } from 'next-intl/server';
import { MessageScreen } from '@/app/_screens/shell/message-screen';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { ID, promoPath, type PromoParams } from './paths';
import { ResendCode } from '@/components/promo/resend-code';
import { toLocale } from '@/lib/i18n/locales';
import { ClientTexts } from '@/app/_screens/shell/client-texts';

export const promoOutcomes = ['confirm', 'error', 'duplicate', 'disabled'] as const;
export type PromoOutcome = (typeof promoOutcomes)[number];
const outcomeScreen = { confirm: 'promoConfirm', error: 'promoError', duplicate: 'promoDuplicate', disabled: 'promoDisabled' } as const;

export function promoOutcomeMetadata(params: PromoParams, outcome: PromoOutcome) {
  return screenMetadata(params, outcomeScreen[outcome], `/promo/${encodeURIComponent(params.urlName)}/${outcome}`);
}

/** The request outcomes (spec sections 2 and 8), the same screen under `/promo/...` and `/frontpage/promo/...`. */
export async function PromoOutcomeScreen({ params, outcome, id }: { params: PromoParams; outcome: PromoOutcome; id?: string | null }) {
  const t = await getTranslations({ locale: isLocale(params.locale) ? params.locale : defaultLocale, namespace: 'promo' });
  const back = { href: promoPath(params.urlName), label: t('backToPromo'), ghost: true };
  switch (outcome) {
    case 'confirm': {
      const codeLink = id && ID.test(id) ? [{ href: `${promoPath(params.urlName)}/${encodeURIComponent(id)}`, label: t('viewCode') }] : [];
      return <MessageScreen params={params} titleKey="promo.confirmTitle" textKey="promo.confirmText" actions={[...codeLink, back]} />;
    }
    case 'error':
      return <MessageScreen params={params} titleKey="promo.errorTitle" textKey="promo.errorText" actions={[back]} />;
    case 'duplicate': {
      return (
        <MessageScreen params={params} titleKey="promo.duplicateTitle" textKey="promo.duplicateText" actions={[back]}>
          <ClientTexts namespaces={['promo.resend', 'limits']} locale={toLocale(params.locale)}>
            <ResendCode urlName={params.urlName} locale={params.locale} />
          </ClientTexts>
        </MessageScreen>
      );
    }
    case 'disabled':
      return <MessageScreen params={params} titleKey="promo.disabledTitle" />;
  }
}

