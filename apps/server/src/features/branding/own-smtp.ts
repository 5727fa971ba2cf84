// A connection to an account's own SMTP server, made the one way both the save-time test and every delivery use
// (docs/decisions/0067): the host is resolved and checked by the egress gate, the connection goes to the checked
// address (the name stays the TLS server name, so the certificate is checked against it), TLS is required unless the
// account waived it, and every phase has a short timeout.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { assertPublicDestination } from '../egress/public-destination';

export interface OwnSmtpSettings {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  allowPlaintext: boolean;
}

export type OwnSmtpConfig = Pick<Config, 'EGRESS_ALLOW_HOSTS' | 'SENDER_TIMEOUT_SECONDS'> & Partial<Pick<Config, 'MAIL_SEND_LEASE_SECONDS'>>;

/** A fresh (unpooled) transporter to the account's server; throws EgressRefusedError / EgressLookupError first. */
export async function openOwnSmtp(settings: OwnSmtpSettings, config: OwnSmtpConfig): Promise<Transporter> {
  const destination = await assertPublicDestination(settings.host, { allowHosts: config.EGRESS_ALLOW_HOSTS });
  // Inside the SENDING lease in any case, so a live send is never taken for an abandoned one.
  const third = ((config.MAIL_SEND_LEASE_SECONDS ?? 300) * 1000) / 3;
  const phase = Math.min(config.SENDER_TIMEOUT_SECONDS * 1000, third);
  return nodemailer.createTransport({
    host: destination.address,
    // SNI and the certificate's name: the host the account entered, not the address it resolved to.
    ...(destination.host !== destination.address ? { servername: destination.host } : {}),
    port: settings.port,
    // 465 speaks TLS from the start; any other port must upgrade with STARTTLS unless the account waived TLS.
    secure: settings.port === 465,
    requireTLS: !settings.allowPlaintext && settings.port !== 465,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: phase,
    greetingTimeout: phase,
    socketTimeout: Math.min(2 * phase, third),
    dnsTimeout: phase,
  });
}
