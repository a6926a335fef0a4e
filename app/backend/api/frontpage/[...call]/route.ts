import { dispatch } from '@/server/backend/dispatch';
import { readContractRequest } from '@/server/backend/http';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ call: string[] }> };

/** The built-in backend over HTTP (spec section 7), for any client of the legacy contract. */
export async function POST(request: Request, { params }: Params) {
  const read = await readContractRequest(request, (await params).call.join('/'));
  if ('response' in read) return read.response;
  const { httpStatus, body } = await dispatch(read.call, read.venueKey, read.params, read.origins);
  return Response.json(body, { status: httpStatus });
}

export function GET() {
  return Response.json({ status: false, error: 'methodNotAllowed' }, { status: 405, headers: { Allow: 'POST' } });
}
