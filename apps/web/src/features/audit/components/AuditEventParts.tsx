// The parts of an audit event the table and the cards both show, in words (docs/decisions/0080): the action's words
// with its code small beneath (officers search by it), the user by name and e-mail with the id secondary, the
// subject's tokens, and the details as phrases.
import { Fragment } from 'react';
import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@bq/contracts/audit';
import { actionWords, detailPhrases } from '../lib/audit-words';

/** "Alex Admin <alex@x.example>" as the server sends actorName; anything else stays one piece. */
function splitName(actorName: string): { name: string; email: string | null } {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(actorName);
  return match ? { name: match[1]!, email: match[2]! } : { name: actorName, email: null };
}

/** An e-mail that breaks after the @ (and only at need anywhere else), never letter by letter in a column. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="audit-actor-email">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}

export function EventActor({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation();
  const person = event.actorName ? splitName(event.actorName) : null;
  return (
    <Stack gap={0}>
      {person ? (
        <>
          <Text size="sm" fw={500} data-testid="audit-actor-name">
            {person.name}
          </Text>
          {person.email ? <Email email={person.email} /> : null}
        </>
      ) : (
        <Text size="sm">{t(`audit.actor.${event.actorKind}`)}</Text>
      )}
      {event.actorId ? (
        // Small and last: the user filter takes this id, but a person is read by name. A UUID has no break points, so
        // it may break anywhere (the e-mail above breaks after its @ first).
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="audit-actor-id">
          {event.actorId}
        </Text>
      ) : null}
    </Stack>
  );
}

export function EventAction({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation();
  const words = actionWords(t, event.action);
  return (
    <Stack gap={2}>
      {words ? (
        <Text size="sm" fw={500} data-testid="audit-action-words">
          {words}
        </Text>
      ) : null}
      <Code style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }} fz="xs" data-testid="audit-action-code">
        {event.action}
      </Code>
      <EventSubject event={event} />
    </Stack>
  );
}

/** The client's and the result's tokens, small, as a secondary line of the action (the trail never names clients). */
function EventSubject({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation();
  if (!event.clientToken && !event.resultToken) return null;
  return (
    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="audit-subject">
      {event.clientToken ? `${t('audit.table.client')}: ${event.clientToken}` : null}
      {event.clientToken && event.resultToken ? <br /> : null}
      {event.resultToken ? `${t('audit.table.result')}: ${event.resultToken}` : null}
    </Text>
  );
}

export function EventDetails({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation();
  const phrases = detailPhrases(t, event.details);
  if (phrases.length === 0) return <Text size="xs">–</Text>;
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="audit-details">
      {phrases.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {p}
        </Fragment>
      ))}
    </Text>
  );
}
