// The sign-in page's logo under a firm's own address (docs/decisions/0056): the firm's logo and name when an operator
// assigned the host the page was reached through to an account, else the platform's logo (`fallback`).
import type { ReactNode } from 'react';
import { useHostBranding } from '../api/use-public-branding';
import classes from './ParticipantBrand.module.css';

export function HostBrand({ fallback }: { fallback: ReactNode }) {
  const brand = useHostBranding();
  if (!brand?.firmName && !brand?.logoUrl) return <>{fallback}</>;
  return (
    <div className={classes.header} style={brand.primaryColor ? { ['--brand-primary' as string]: brand.primaryColor } : undefined} data-testid="host-brand">
      {brand.logoUrl ? <img className={classes.logo} src={brand.logoUrl} width={160} height={40} alt={brand.firmName ? '' : 'Logo'} /> : null}
      {brand.firmName ? <p className={classes.firmName}>{brand.firmName}</p> : null}
    </div>
  );
}
