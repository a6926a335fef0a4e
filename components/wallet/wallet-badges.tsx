/**
 * The "Add to Apple Wallet" and "Add to Google Wallet" badges (docs/wallet.md): links with the
 * official wording as their text, drawn black with the two marks in SVG (decorative, hidden
 * from assistive technology: the text names the link). A presentational server component.
 */
type Props = { apple: string; google: string; labels: { group: string; apple: string; google: string } };

function AppleMark() {
  return (
    <svg className="wallet-badge__mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="2" y="4" width="20" height="16" rx="3" fill="#ffffff" />
      <rect x="2" y="4" width="20" height="4" rx="2" fill="#3f9bd8" />
      <rect x="2" y="8" width="20" height="3" fill="#f6b33b" />
      <rect x="2" y="11" width="20" height="3" fill="#ea4e3d" />
      <path d="M2 14h7a3 3 0 0 0 6 0h7v3a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3z" fill="#d9d9d9" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg className="wallet-badge__mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="18" height="10" rx="3" fill="#ea4335" />
      <rect x="3" y="6" width="18" height="10" rx="3" fill="#fbbc04" />
      <rect x="3" y="9" width="18" height="10" rx="3" fill="#34a853" />
      <rect x="3" y="12" width="18" height="9" rx="3" fill="#4285f4" />
    </svg>
  );
}

export function WalletBadges({ apple, google, labels }: Props) {
  return (
    <ul className="wallet-badges" aria-label={labels.group}>
      <li>
        <a className="wallet-badge" href={apple} type="application/vnd.apple.pkpass">
          <AppleMark />
          <span>{labels.apple}</span>
        </a>
      </li>
      <li>
        <a className="wallet-badge" href={google} rel="noopener">
          <GoogleMark />
          <span>{labels.google}</span>
        </a>
      </li>
    </ul>
  );
}
