import type { ComponentProps, ReactNode } from 'react';
import { ActionLink } from '@/components/shell/link';
import { CancelForm } from './cancel-form';
import { MessagePanel } from '@/components/shell/message-panel';

/**
 * A booking's cancel page, a table's or an experience's: the summary, then the cancel form; or,
 * once the booking is cancelled or can no longer be, why (`ended`) and where to book again.
 */
export function CancelPanel({
  title,
  summary,
  cancelledSummary,
  ended,
  form,
}: {
  title: string;
  summary: ReactNode;
  /** The same booking as it reads once cancelled: the form shows it in place of `summary` after the guest cancels. */
  cancelledSummary: ReactNode;
  ended: { text: string; href: string; label: string } | null;
  form: ComponentProps<typeof CancelForm>;
}) {
  if (ended) {
    return (
      <MessagePanel title={title}>
        {summary}
        <p>{ended.text}</p>
        <ActionLink href={ended.href}>{ended.label}</ActionLink>
      </MessagePanel>
    );
  }
  // The form holds the heading: once the guest cancels, "Cancel your reservation" gives way to
  // "Your reservation has been cancelled", never one above the other (issue 45).
  return (
    <div className="message-panel">
      <CancelForm {...form} title={title} summary={summary} cancelledSummary={cancelledSummary} />
    </div>
  );
}
