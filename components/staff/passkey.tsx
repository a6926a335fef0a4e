'use client';

import { useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { send } from '@/lib/api/client';
import { passkeyOptionsAnswer, passkeyRegisteredAnswer, signInAnswer } from '@/lib/api/answers/staff';

/**
 * Passkeys for staff devices (issue 44; server/staff/passkeys.ts): WebAuthn through
 * @simplewebauthn/browser, loaded only when a button is tapped (no weight on the page before).
 */
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys: known only in the browser, so null in the server's render. */
const noSubscription = () => () => undefined;
function usePasskeys(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === 'function',
    () => null,
  );
}

/** A WebAuthn prompt the person closed or that timed out: no passkey given, not a refusal by the server. */
const isCancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** On the sign-in page: "Use the passkey" of this device, registered after a first sign-in; then the page again. */
export function PasskeySignIn() {
  const t = useTranslations('promo.staff');
  const forms = useTranslations('forms');
  const limits = useTranslations('limits');
  const supported = usePasskeys();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  const signIn = async () => {
    setBusy(true);
    setError('');
    const asked = await send('/api/staff/passkey/options', passkeyOptionsAnswer, { body: { purpose: 'signIn' } });
    if (!asked.body) {
      setBusy(false);
      return setError(asked.status === 429 ? limits('tooManyRequests') : forms('errors.unavailable'));
    }
    try {
      const { startAuthentication } = await webauthn();
      const response = await startAuthentication({ optionsJSON: asked.body.options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      const reply = await send('/api/staff/passkey/session', signInAnswer, { body: { response } });
      if (reply.body) return window.location.reload();
      setError(reply.status === 401 ? t('wrongPasskey') : reply.status === 429 ? limits('tooManyRequests') : forms('errors.unavailable'));
    } catch (e) {
      setError(isCancelled(e) ? t('passkeyCancelled') : t('wrongPasskey'));
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="staff-passkey-title">
      <h2 id="staff-passkey-title">{t('passkeyTitle')}</h2>
      <p>{t('passkeyText')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void signIn()} disabled={busy}>
          {t('passkeySignIn')}
        </button>
      </div>
      <p role="status" className={error ? 'field__error' : undefined}>
        {error}
      </p>
    </section>
  );
}

/** On the sheet, for a signed-in device: "Register this device", so that it signs in with its passkey next time. */
export function RegisterPasskey() {
  const t = useTranslations('staffArea.passkey');
  const supported = usePasskeys();
  const [state, setState] = useState<'' | 'done' | 'failed'>('');
  const [busy, setBusy] = useState(false);
  const register = async () => {
    setBusy(true);
    const asked = await send('/api/staff/passkey/options', passkeyOptionsAnswer, { body: { purpose: 'register' } });
    let done = false;
    if (asked.body) {
      try {
        const { startRegistration } = await webauthn();
        const response = await startRegistration({ optionsJSON: asked.body.options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
        done = Boolean((await send('/api/staff/passkey', passkeyRegisteredAnswer, { body: { response } })).body);
      } catch {
        done = false;
      }
    }
    setBusy(false);
    setState(done ? 'done' : 'failed');
  };
  return (
    <div className="staff-pair">
      <p>{t('text')}</p>
      <button type="button" className="button button--ghost" onClick={() => void register()} disabled={busy || !supported}>
        {t('button')}
      </button>
      <p role="status" className={state === 'failed' || supported === false ? 'field__error' : undefined}>
        {state === 'done' ? t('done') : state === 'failed' ? t('failed') : supported === false ? t('unsupported') : ''}
      </p>
    </div>
  );
}
