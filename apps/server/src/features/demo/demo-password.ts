// POST /api/demo/password/{instanceToken} (spec: "a demo mode in which a password can be set for a demo user"):
// the participant of a finished demo questionnaire sets a password and becomes a self-service user. They get an
// account of their own with the product, themselves as its client and a copy of their result (unlocked), and
// are signed in; the demo account's data stays as it was (decision 0023).
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TDemoPasswordResponse } from '@bq/contracts/signup';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, clientProducts, clients, interactionInstances, productConfigurations, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { hashPassword } from '../../plugins/passwords';
import { establishSession } from '../auth/establish-session';
import { newPublicToken } from '../clients/client-tokens';
import { queueEmailVerification } from '../mail/email-verification';
import { assertNewPasswordAcceptable } from '../password-rules/password-rules';
import { createSelfServiceAccount } from '../signup/signup-service';

export const DEMO_PASSWORD_ERRORS = {
  noResult: 'error.demo.no_result',
  emailExists: 'error.email.already_exists',
} as const;

export async function setDemoPassword(
  db: Db,
  queue: JobQueue,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  instanceToken: string,
  password: string,
): Promise<TDemoPasswordResponse> {
  // Length, strength and the common list first; the person's own data once the instance names them.
  assertNewPasswordAcceptable(password, {});
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ instance: interactionInstances, client: clients, productType: productConfigurations.productType })
      .from(interactionInstances)
      .innerJoin(accounts, eq(accounts.id, interactionInstances.accountId))
      .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
      .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
      .where(and(eq(interactionInstances.token, instanceToken), eq(accounts.type, 'DEMO')))
      .for('update', { of: interactionInstances });
    // Only demo questionnaires: any other token behaves like one that does not exist.
    if (!found) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    if (found.instance.status !== 'RESULTS_AVAILABLE') {
      throw new AppError(DEMO_PASSWORD_ERRORS.noResult, 409, 'The questionnaire has no result yet');
    }
    const email = found.client.email.trim().toLowerCase();
    assertNewPasswordAcceptable(password, found.client);
    // The invitation with this token went to this address, so its holder may learn that it has an account.
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const account = taken
      ? null
      : await createSelfServiceAccount(tx, {
          email,
          passwordHash,
          firstName: found.client.firstName,
          lastName: found.client.lastName,
          locale: found.client.locale,
          productType: found.productType,
        });
    if (!account) throw new AppError(DEMO_PASSWORD_ERRORS.emailExists, 409, 'This e-mail address has an account already');
    const { user, configuration } = account;
    const [client] = await tx
      .insert(clients)
      .values({
        accountId: user.accountId,
        token: newPublicToken(),
        firstName: found.client.firstName,
        lastName: found.client.lastName,
        email: found.client.email,
        phone: found.client.phone,
        clientGroup: found.client.clientGroup,
        locale: found.client.locale,
        createdBy: user.id,
      })
      .returning();
    await tx.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: configuration.id, accountId: user.accountId });
    const { id: _id, token: _token, unlockedBy: _unlockedBy, ...copied } = found.instance;
    const [instance] = await tx
      .insert(interactionInstances)
      .values({
        ...copied,
        accountId: user.accountId,
        token: newPublicToken(),
        clientId: client!.id,
        productConfigurationId: configuration.id,
        initiatorId: user.id,
        // Their own result: no credit needed to read it.
        lockStatus: 'UNLOCKED',
        unlockedAt: new Date(),
        autoReminder: false,
        autoSendReport: false,
      })
      .returning();
    await queueEmailVerification(tx, queue, config, user);
    return { user, productType: found.productType, clientToken: client!.token, instanceToken: instance!.token };
  });

  // The one writer of sessions (docs/decisions/0073). A brand-new self-service user: no provider, factor or enrolment
  // rule can apply yet, so no sign-in policy runs here.
  await establishSession(db, config, request, reply, { id: created.user.id, accountId: created.user.accountId, email: created.user.email });
  return { redirectUrl: `/${created.productType}/client/${created.clientToken}/dashboard/${created.instanceToken}` };
}
