'use client';

/** "Sign out this device": the server revokes this device's staff session. */
export function StaffSignOut({ label }: { label: string }) {
  const signOut = async () => {
    await fetch('/api/staff/session', { method: 'DELETE' }).catch(() => null);
    window.location.reload();
  };
  return (
    <button type="button" className="button button--ghost" onClick={signOut}>
      {label}
    </button>
  );
}
