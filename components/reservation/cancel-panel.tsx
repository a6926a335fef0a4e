import type { ComponentProps, ReactNode } from 'react';
import { Link } from '@/components/shell/link';
import { CancelForm } from './cancel-form';

/**
 * A booking's cancel page, a table's or an experience's: the summary, then the cancel form; or,
 * once the booking is cancelled or can no longer be, why (`ended`) and where to book again.
 */
export function CancelPanel({ title, summary, ended, form }: { title: string; summary: ReactNode; ended: { text: string; href: string; label: string } | null; form: ComponentProps<typeof CancelForm> }) {
  return (
    <div className="message-panel">
      <h1>{title}</h1>
      {summary}
      {ended ? (
        <>
          <p>{ended.text}</p>
          <div className="actions">
            <Link className="button" href={ended.href}>
              {ended.label}
            </Link>
          </div>
        </>
      ) : (
        <CancelForm {...form} />
      )}
    </div>
  );
}
