// The firm's own frame around a page its client sees (questionnaire, report, certificate, download; docs/decisions/0055):
// logo and firm name on top, footer line and address below, its colours as CSS custom properties (--brand-primary,
// --brand-accent; inside, Mantine's primary colour too) and the platform's name only in the small powered-by line the
// operator can switch off. Plain React and CSS, so the participant pages' small entry can use it as it is.
import type { CSSProperties, ReactNode } from 'react';
import { usePublicBranding } from '../api/use-public-branding';
import classes from './ParticipantBrand.module.css';

interface ParticipantBrandProps {
  /** The token the page already has: questionnaire, report, certificate or download token. */
  token: string;
  /** The powered-by line in the reader's language. */
  poweredByLabel: string;
  children: ReactNode;
}

export function ParticipantBrand({ token, poweredByLabel, children }: ParticipantBrandProps) {
  const brand = usePublicBranding(token);
  const branded = Boolean(brand && (brand.firmName || brand.logoUrl || brand.primaryColor));
  const style = {
    ...(brand?.primaryColor ? { '--brand-primary': brand.primaryColor } : {}),
    ...(brand?.accentColor ? { '--brand-accent': brand.accentColor } : {}),
  } as CSSProperties;
  return (
    <div className={branded ? `${classes.frame} ${classes.branded}` : classes.frame} style={style} data-testid="participant-brand" data-branded={branded}>
      {branded && brand ? (
        <header className={classes.header} data-testid="participant-brand-header">
          {brand.logoUrl ? <img className={classes.logo} src={brand.logoUrl} width={160} height={40} alt={brand.firmName ? '' : 'Logo'} data-testid="participant-brand-logo" /> : null}
          {brand.firmName ? <p className={classes.firmName}>{brand.firmName}</p> : null}
        </header>
      ) : null}
      {children}
      {branded && brand ? (
        <footer className={classes.footer} data-testid="participant-brand-footer">
          {brand.footerLine ? <p>{brand.footerLine}</p> : null}
          {brand.address ? <p className={classes.address}>{brand.address}</p> : null}
          {brand.poweredBy ? <p className={classes.poweredBy}>{poweredByLabel}</p> : null}
        </footer>
      ) : null}
    </div>
  );
}
