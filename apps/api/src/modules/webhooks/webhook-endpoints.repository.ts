import { and, desc, eq } from 'drizzle-orm';
import type { Webhook, WebhookChange, WebhookEvent } from '@taxfree/domain';
import type { Db, Tx } from '../../db/client.ts';
import { users, webhookEndpoints } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';

/**
 * A company's webhooks (db/schema/webhooks.ts). Every statement is scoped to the company; every
 * change is audited with the manager who made it.
 */

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

type Actor = { companyId: number; userId: number };

export async function createEndpoint(
  tx: Tx,
  actor: Actor,
  input: { url: string; events: WebhookEvent[]; secretEnc: string },
): Promise<number> {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ companyId: actor.companyId, createdBy: actor.userId, ...input })
    .returning({ id: webhookEndpoints.id });
  await audit(tx, actor, 'webhook.create', row!.id, { url: input.url, events: input.events });
  return row!.id;
}

export async function listEndpoints(db: Db, companyId: number): Promise<Webhook[]> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      failingSince: webhookEndpoints.failingSince,
      createdAt: webhookEndpoints.createdAt,
      createdBy: users.name,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
    })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(desc(webhookEndpoints.id));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    status: row.failingSince ? ('failing' as const) : ('active' as const),
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    previous_secret_until:
      row.previousSecretUntil && row.previousSecretUntil.getTime() > now
        ? row.previousSecretUntil.toISOString()
        : null,
  }));
}

/** Changes a webhook's target or events: false when the company has no such webhook. */
export async function changeEndpoint(
  tx: Tx,
  actor: Actor,
  id: number,
  change: WebhookChange,
): Promise<boolean> {
  const set = {
    ...(change.url !== undefined && { url: change.url }),
    ...(change.events !== undefined && { events: change.events }),
  };
  const rows = await tx
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.companyId, actor.companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) return false;
  await audit(tx, actor, 'webhook.change', id, set);
  return true;
}

/** Deletes a webhook and its delivery log: false when the company has no such webhook. */
export async function deleteEndpoint(tx: Tx, actor: Actor, id: number): Promise<boolean> {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, actor.companyId), eq(webhookEndpoints.id, id)))
    .returning({ url: webhookEndpoints.url });
  if (rows.length === 0) return false;
  await audit(tx, actor, 'webhook.delete', id, { url: rows[0]!.url });
  return true;
}

/**
 * Puts a new secret in force: the one it replaces keeps signing beside it until `previousUntil`,
 * so that the receiver can change without losing a message. False when no such webhook.
 */
export async function rotateEndpointSecret(
  tx: Tx,
  actor: Actor,
  input: { id: number; secretEnc: string; previousUntil: Date },
): Promise<boolean> {
  const [current] = await tx
    .select({ secretEnc: webhookEndpoints.secretEnc })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, actor.companyId), eq(webhookEndpoints.id, input.id)))
    .for('update');
  if (!current) return false;
  await tx
    .update(webhookEndpoints)
    .set({
      secretEnc: input.secretEnc,
      previousSecretEnc: current.secretEnc,
      previousSecretUntil: input.previousUntil,
    })
    .where(and(eq(webhookEndpoints.companyId, actor.companyId), eq(webhookEndpoints.id, input.id)));
  await audit(tx, actor, 'webhook.rotate', input.id, {});
  return true;
}

export async function endpointExists(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return rows.length > 0;
}

async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  id: number,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    action,
    entity: 'webhook',
    entityId: String(id),
    details,
  });
}
