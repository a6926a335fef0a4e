/**
 * @jest-environment jsdom
 */
import { render } from '@testing-library/react';
import { LAST_HOLD_KEY, lastHoldToken, rememberHold, RELEASE_URL, useReleaseOnLeave } from '@/components/reservation/last-hold';
import { readSession, writeSession } from '@/components/reservation/session';
import { HOLD_KEY } from '@/components/reservation/types';
import { testDay } from '../helpers/clock';

/**
 * Issue 45: a hold left by a guest who leaves the wizard is given back when the page goes away
 * (`pagehide`, by beacon), and its token outlives the tab so the next hold replaces it.
 */
function Wizardish({ onReleased }: { onReleased: () => void }) {
  useReleaseOnLeave(onReleased);
  return null;
}

const day = testDay(8);
const hold = { token: 'tok-1', expiresAt: `${day}T19:08:00.000Z`, date: day, time: '20:00', zone: 'sala', pax: 2 };

describe('the hold when the guest leaves the wizard', () => {
  const beacon = jest.fn<boolean, [string, Blob]>();
  const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 200 }));
  beforeEach(() => {
    beacon.mockReset().mockReturnValue(true);
    fetchMock.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
    localStorage.clear();
    writeSession(HOLD_KEY, null);
  });

  it('is released by a same-origin JSON beacon on pagehide, and dropped from the session', async () => {
    const released = jest.fn();
    render(<Wizardish onReleased={released} />);
    writeSession(HOLD_KEY, hold);
    rememberHold(hold.token);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0];
    expect(url).toBe(RELEASE_URL);
    expect(blob.type).toBe('application/json');
    // jsdom's Blob has no text(): read it the FileReader way.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual({ holdToken: 'tok-1' });
    expect(readSession(HOLD_KEY)).toBeNull();
    expect(released).toHaveBeenCalledTimes(1);
    // Kept for the next hold to replace, should the beacon not have arrived.
    expect(lastHoldToken()).toBe('tok-1');
    expect(localStorage.getItem(LAST_HOLD_KEY)).toBe('tok-1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when there is no hold, nor after the wizard has gone', () => {
    const { unmount } = render(<Wizardish onReleased={() => undefined} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
    unmount();
    writeSession(HOLD_KEY, hold);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the browser refuses a JSON beacon', () => {
    beacon.mockImplementation(() => {
      throw new DOMException('sendBeacon() with a Blob whose type is not CORS-safelisted', 'SecurityError');
    });
    render(<Wizardish onReleased={() => undefined} />);
    writeSession(HOLD_KEY, hold);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledWith(RELEASE_URL, expect.objectContaining({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: '{"holdToken":"tok-1"}' }));
  });
});
