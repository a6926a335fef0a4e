'use client';

export type ProgressStep<K extends string> = { key: K; label: string; value?: string };

/**
 * The progress indicator of a booking form: every step the guest will pass through (the
 * table wizard's and the experience form's), which is current, and the earlier ones as
 * buttons that go back to them.
 */
export function Progress<K extends string>({ label, currentLabel, steps, current, onBack }: { label: string; currentLabel: string; steps: ProgressStep<K>[]; current: K; onBack: (key: K) => void }) {
  const at = steps.findIndex((s) => s.key === current);
  return (
    <nav aria-label={label} className="breadcrumb">
      <ol>
        {steps.map((s, i) => {
          const text = `${s.label}${s.value ? `: ${s.value}` : ''}`;
          if (i === at)
            return (
              <li key={s.key} className="breadcrumb__current">
                <span aria-current="step">
                  {text}
                  <span className="visually-hidden"> ({currentLabel})</span>
                </span>
              </li>
            );
          return (
            <li key={s.key} className={i < at ? 'breadcrumb__done' : 'breadcrumb__todo'}>
              {i < at ? (
                <button type="button" className="link-button" onClick={() => onBack(s.key)}>
                  {text}
                </button>
              ) : (
                <span>{text}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
