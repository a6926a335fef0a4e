import { and, eq, gt, lte } from 'drizzle-orm';
import { giftCards, promotions } from '@/server/db/schema';
import type { CallContext, Envelope } from '../dispatch';

export async function getLocation({ db, venue }: CallContext): Promise<Envelope> {
  const now = new Date();
  const [promotion] = await db
    .select({ urlName: promotions.urlName, title: promotions.title })
    .from(promotions)
    .where(
      and(
        eq(promotions.venueId, venue.id),
        eq(promotions.active, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(promotions.endsAt)
    .limit(1);
  const giftCardCount = await db.$count(giftCards, and(eq(giftCards.venueId, venue.id), eq(giftCards.active, true)));
  return {
    status: true,
    data: {
      valuta: venue.currency,
      locationname: venue.name,
      customHeader: venue.customHeader,
      customFooter: venue.customFooter,
      country: venue.country,
      timezone: venue.timezone,
      tagline: venue.tagline,
      address: venue.address,
      phone: venue.phone,
      theme: venue.theme,
      services: {
        giftCards: giftCardCount > 0,
        fidelity: venue.fidelityEnabled,
        promotion: promotion ?? null,
      },
      policies: venue.policies,
    },
  };
}
