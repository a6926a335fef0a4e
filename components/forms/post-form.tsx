import type { ReactNode } from 'react';

type Props = {
  /** The `/api` handler that answers with a redirect to the page that says how it went. */
  action: string;
  /** What the handler needs back (a signed link's parts, a booking's id), sent as hidden fields. */
  fields: Record<string, string | number>;
  /** The language the answer page is in. */
  language: string;
  /** The submit buttons, in the actions row. */
  buttons: ReactNode;
  /** What the guest reads (and fills in) above the buttons. */
  children?: ReactNode;
};

/**
 * A form that needs no scripts: a plain POST from a page reached by a link in an e-mail or an
 * SMS (a reminder's answer, a freed table's claim, a staff answer, an unsubscribe). The GET that
 * shows it changes nothing; the POST does, and comes back with a redirect.
 */
export function PostForm({ action, fields, language, buttons, children }: Props) {
  return (
    <form method="post" action={action} className="form">
      {children}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="language" value={language} />
      <div className="actions">{buttons}</div>
    </form>
  );
}
