'use client';

import { send } from '@/lib/api/client';
import { signOutAnswer } from '@/lib/api/answers/staff';

/** "Sign out this device": the server revokes this device's staff session. */
export function StaffSignOut({ label }: { label: string }) {
  const signOut = async () => {
    await send('/api/staff/session', signOutAnswer, { method: 'DELETE' });
    window.location.reload();
  };
  return (
    <button type="button" className="button button--ghost" onClick={signOut}>
      {label}
    </button>
  );
}
