import 'server-only';
import { z } from 'zod';
import * as s from './channel-schemas';

/**
 * The channel API's OpenAPI 3.1 document (issue 46), made from the schemas the handlers check
 * with (channel-schemas.ts, `z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 takes it), so
 * the description cannot drift from what the routes accept and answer. Served as JSON at
 * `/api/channel/v1/openapi.json`.
 */
const COMPONENTS = [s.guestSchema, s.bookRequestSchema, s.changeRequestSchema, s.cancelRequestSchema, s.verifyRequestSchema, s.errorSchema, s.availabilitySchema, s.bookingSchema, s.bookResultSchema, s.changedSchema, s.cancelledSchema, s.verifiedSchema, s.foundSchema, s.webhookEventSchema];

/** The schemas of the API by their ids, each referring to the others as components. */
function components(): Record<string, unknown> {
  const ids = new Set(COMPONENTS.map((schema) => z.globalRegistry.get(schema)?.id).filter((id): id is string => Boolean(id)));
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([id]) => ids.has(id))
      .map(([id, schema]) => {
        const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
        void _dialect;
        void _id;
        return [id, rest];
      }),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({ description, content: { 'application/json': { schema: ref(id) } } });
const errors = {
  '400': json('Error', "Bad input: the site's message key and message, each field named."),
  '401': json('Error', 'No key, or not a current key of a channel of this venue.'),
  '404': json('Error', 'No such booking, or not with this e-mail.'),
  '409': json('Error', 'Refused by the booking rules (soldOut, a change that needs a guarantee, a booking no longer changeable...).'),
  '429': json('Error', 'A limit was reached; Retry-After says when to try again.'),
  '503': json('Error', 'The booking service cannot be reached.'),
};
const reference = { name: 'reference', in: 'path', required: true, schema: { type: 'string' }, description: 'The booking reference.' };
const language = { name: 'language', in: 'query', required: false, schema: { type: 'string', enum: ['it', 'en', 'fr', 'es', 'de'] } };
const body = (id: string) => ({ required: true, content: { 'application/json': { schema: ref(id) } } });
const security = [{ channelKey: [] }];

/** The document, for the venue's origin (`servers`). */
export function openApiDocument(origin: string) {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Channel API',
      version: '1.0.0',
      description: "Book the venue's tables from a channel: availability, book, change, cancel. Every booking follows the venue's own rules and is tagged channel:{name}. Changes are pushed to the channel's webhook (WebhookEvent), signed `Frontpage-Signature: t={unix seconds},v1={hex HMAC-SHA256 of \"{t}.{body}\"}` with the channel's webhook secret, retried until answered 2xx; `Frontpage-Event` is the event id, the same on every retry. See docs/agents.md.",
    },
    servers: [{ url: `${origin}/api/channel/v1` }],
    security,
    components: {
      securitySchemes: { channelKey: { type: 'http', scheme: 'bearer', description: 'The key `npm run channel:key -- {host} {name}` printed (fpch_...).' } },
      schemas: components(),
    },
    paths: {
      '/availability': {
        get: {
          operationId: 'availability',
          summary: "A day's times (date, pax) or a month's days (year, month, pax) for a party size.",
          parameters: [
            { name: 'date', in: 'query', required: false, schema: { type: 'string' } },
            { name: 'year', in: 'query', required: false, schema: { type: 'integer' } },
            { name: 'month', in: 'query', required: false, schema: { type: 'integer' } },
            { name: 'pax', in: 'query', required: true, schema: { type: 'integer' } },
            language,
          ],
          responses: { '200': json('Availability', 'The days, or the times with their zones.'), '400': errors['400'], '401': errors['401'], '503': errors['503'] },
        },
      },
      '/bookings': {
        post: {
          operationId: 'book',
          summary: 'Books a table.',
          requestBody: body('BookRequest'),
          responses: { '200': json('BookResult', 'Booked, on the waiting list, or a step the guest takes (smsCode, cardGuarantee).'), ...errors },
        },
      },
      '/bookings/{reference}': {
        get: {
          operationId: 'getBooking',
          summary: 'A booking, by its reference and the guest e-mail.',
          parameters: [reference, { name: 'email', in: 'query', required: true, schema: { type: 'string' } }, language],
          responses: { '200': json('Found', 'The booking.'), '401': errors['401'], '404': errors['404'], '503': errors['503'] },
        },
        patch: {
          operationId: 'changeBooking',
          summary: 'Moves a booking (date, time, party size, zone).',
          parameters: [reference],
          requestBody: body('ChangeRequest'),
          responses: { '200': json('Changed', 'Changed.'), ...errors },
        },
      },
      '/bookings/{reference}/cancel': {
        post: { operationId: 'cancelBooking', summary: 'Cancels a booking.', parameters: [reference], requestBody: body('CancelRequest'), responses: { '200': json('Cancelled', 'Cancelled, with the fee the policy takes.'), ...errors } },
      },
      '/bookings/{reference}/verify': {
        post: { operationId: 'verifyBooking', summary: 'The SMS code the guest received, for a booking that answered smsCode.', parameters: [reference], requestBody: body('VerifyRequest'), responses: { '200': json('Verified', 'Confirmed or awaiting the venue.'), ...errors } },
      },
    },
    webhooks: {
      bookingChanged: { post: { summary: "A change to one of the channel's bookings.", requestBody: body('WebhookEvent'), responses: { '200': { description: 'Received (any 2xx); anything else is retried.' } } } },
    },
  };
}
