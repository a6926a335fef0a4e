'use client';

import { useEffect, useRef } from 'react';
import { localToken } from '@/lib/botcheck/local';
import type { PublicBotConfig } from '@/lib/botcheck/types';
import { cookieVerdicts, loadRecaptcha } from './use-botcheck';

type Props = { config: PublicBotConfig; title: string; intro: string; checkboxLabel: string; testModeLabel: string; onToken: (token: string) => void };

/** "Additional Security Verification": the visible v2 challenge, shown when the invisible check is unsure. */
export function Challenge({ config, title, intro, checkboxLabel, testModeLabel, onToken }: Props) {
  const widget = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });
  useEffect(() => {
    heading.current?.focus();
    if (config.kind !== 'recaptcha') return;
    let live = true;
    void loadRecaptcha('https://www.google.com/recaptcha/api.js?render=explicit').then((grecaptcha) => {
      if (live && grecaptcha && widget.current) grecaptcha.render(widget.current, { sitekey: config.siteKeyV2, callback: (token) => onTokenRef.current(token) });
    });
    return () => {
      live = false;
    };
  }, [config]);
  return (
    <section className="challenge" role="group" aria-labelledby="challenge-title">
      <h3 id="challenge-title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p>{intro}</p>
      {config.kind === 'local' ? (
        <div className="field__check">
          <input id="challenge-check" type="checkbox" onChange={(e) => e.target.checked && onToken(localToken('v2', cookieVerdicts().v2))} />
          <label htmlFor="challenge-check">{checkboxLabel}</label>
          <span className="badge badge--test">{testModeLabel}</span>
        </div>
      ) : (
        <div ref={widget} />
      )}
    </section>
  );
}
