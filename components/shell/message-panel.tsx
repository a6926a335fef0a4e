import type { ReactNode } from 'react';

type Props = {
  title: ReactNode;
  /** The one-paragraph message under the title, when there is one. */
  text?: ReactNode;
  /** `error` draws the panel in the error colours (a failure the guest must read). */
  tone?: 'error';
  /** `status` for an outcome read out politely, `alert` for a failure read out at once. */
  role?: 'status' | 'alert';
  busy?: boolean;
  children?: ReactNode;
};

/**
 * A page that is one message: a title, a few lines and what to do next. Every outcome,
 * refusal and "not available" page is one (the `.message-panel` styles in primitives.css).
 */
export function MessagePanel({ title, text, tone, role, busy, children }: Props) {
  return (
    <div className={tone === 'error' ? 'message-panel message-panel--error' : 'message-panel'} role={role} aria-busy={busy || undefined}>
      <h1>{title}</h1>
      {text !== undefined ? <p>{text}</p> : null}
      {children}
    </div>
  );
}
