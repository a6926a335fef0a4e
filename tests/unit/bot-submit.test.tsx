/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { useBotSubmit } from '@/components/reservation/use-bot-submit';

/** Spec section 7: the retry after the visible challenge carries both tokens and `tokenVersion: v2`. */
describe('useBotSubmit', () => {
  it('sends the v3 token first, then both tokens with v2 after the challenge', async () => {
    const { result } = renderHook(() => useBotSubmit({ kind: 'local' }));
    let first: Awaited<ReturnType<typeof result.current.tokens>> | undefined;
    await act(async () => {
      first = await result.current.tokens();
    });
    expect(first).toMatchObject({ tokenVersion: 'v3', recaptchaV3Token: expect.stringMatching(/^local\.v3\./) });
    expect(first?.recaptchaV2Token).toBeUndefined();
    act(() => {
      expect(result.current.refused('botcheckUnsure')).toBe(true);
    });
    expect(result.current.challenge).toBe(true);
    const retry = await result.current.tokens('local.v2.pass.abcdefgh');
    expect(retry).toEqual({ recaptchaV3Token: first?.recaptchaV3Token, recaptchaV2Token: 'local.v2.pass.abcdefgh', tokenVersion: 'v2' });
    act(() => {
      expect(result.current.refused('botcheckFailed')).toBe(true);
    });
    expect(result.current.failed).toBe(true);
    expect(result.current.refused('soldOut')).toBe(false);
  });
});
