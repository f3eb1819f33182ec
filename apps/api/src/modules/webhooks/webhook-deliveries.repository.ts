import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookFailure } from '@taxfree/domain';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/** A delivery as the worker takes it: the message, where it goes, and the secrets that sign. */
export type DueDelivery = {
  id: number;
  companyId: number;
  endpointId: number;
  messageId: string;
  body: string;
  /** This try's number: 1 for the first. */
  attempt: number;
  url: string;
  secretEnc: string;
  /** The secret a rotation replaced, while it still signs. */
  previousSecretEnc: string | null;
};

/**
 * Takes up to `limit` deliveries due at `now`: their try is counted and they are leased until
 * `leaseUntil`, committed at once, so that no other process takes them meanwhile (SKIP LOCKED: two
 * workers never wait for each other nor take the same row) and one that dies while sending leaves
 * them to be taken again when the lease ends.
 */
export async function claimDueDeliveries(
  db: Db,
  at: { now: Date; leaseUntil: Date; limit: number },
): Promise<DueDelivery[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with taken as (
          update ${webhookDeliveries}
          set attempts = attempts + 1, next_attempt_at = ${at.leaseUntil.toISOString()}::timestamptz
          where id in (
            select id from ${webhookDeliveries}
            where status = 'pending' and next_attempt_at <= ${at.now.toISOString()}::timestamptz
            order by next_attempt_at, id
            limit ${at.limit}
            for update skip locked
          )
          returning id, company_id, endpoint_id, message_id, body, attempts
        )
        select taken.*, e.url, e.secret_enc,
               case when e.previous_secret_until > ${at.now.toISOString()}::timestamptz
                    then e.previous_secret_enc end as previous_secret_enc
        from taken join ${webhookEndpoints} e on e.id = taken.endpoint_id
        order by taken.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    companyId: Number(row.company_id),
    endpointId: Number(row.endpoint_id),
    messageId: String(row.message_id),
    body: String(row.body),
    attempt: Number(row.attempts),
    url: String(row.url),
    secretEnc: String(row.secret_enc),
    previousSecretEnc: row.previous_secret_enc == null ? null : String(row.previous_secret_enc),
  }));
}

/**
 * Deliveries answered 2xx, written in one statement however many (the common case, kept cheap
 * under load): delivered, and their endpoints no longer failing.
 */
export async function markDelivered(
  db: Db,
  delivered: { id: number; status: number }[],
  at: Date,
): Promise<void> {
  if (delivered.length === 0) return;
  const ids = `{${delivered.map((row) => row.id).join(',')}}`;
  const statuses = `{${delivered.map((row) => row.status).join(',')}}`;
  await db.execute(
    sql`with done as (
          update ${webhookDeliveries} d
          set status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz,
              last_attempt_at = ${at.toISOString()}::timestamptz,
              response_status = answered.status, failure = null, last_error = null
          from unnest(${ids}::bigint[], ${statuses}::int[]) as answered(id, status)
          where d.id = answered.id
          returning d.endpoint_id
        )
        update ${webhookEndpoints} set failing_since = null
        where id in (select endpoint_id from done) and failing_since is not null`,
  );
}

/**
 * A failed try's end: to be tried again at `retryAt`, or given up (`retryAt` null: the endpoint is
 * marked failing). Answers whether this try turned the endpoint failing, so that its managers are
 * told once.
 */
export async function markFailedAttempt(
  tx: Tx,
  delivery: { id: number; endpointId: number },
  outcome: {
    at: Date;
    status: number | null;
    failure: WebhookFailure;
    error: string;
    retryAt: Date | null;
  },
): Promise<boolean> {
  const common = { lastAttemptAt: outcome.at, responseStatus: outcome.status };
  await tx
    .update(webhookDeliveries)
    .set({
      ...common,
      failure: outcome.failure,
      lastError: outcome.error,
      ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : { status: 'failed' as const }),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (outcome.retryAt) return false;
  const turned = await tx
    .update(webhookEndpoints)
    .set({ failingSince: outcome.at })
    .where(
      and(
        eq(webhookEndpoints.id, delivery.endpointId),
        sql`${webhookEndpoints.failingSince} is null`,
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return turned.length > 0;
}

/** Queues the test event to one webhook, whatever it subscribes to: its delivery id, or null. */
export async function queueTestEvent(
  tx: Tx,
  companyId: number,
  endpointId: number,
): Promise<number | null> {
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into ${webhookDeliveries} (company_id, endpoint_id, message_id, event_type, body)
        select company_id, id, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
               ${WEBHOOK_TEST_EVENT},
               jsonb_build_object(
                 'type', ${WEBHOOK_TEST_EVENT}::text,
                 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'data', jsonb_build_object('webhook_id', id)
               )::text
        from ${webhookEndpoints}
        where company_id = ${companyId} and id = ${endpointId}
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** A delivery tried again from its first try, with its message id: false when no such one. */
export async function redeliver(
  tx: Tx,
  key: { companyId: number; endpointId: number; deliveryId: number },
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.companyId, key.companyId),
        eq(webhookDeliveries.endpointId, key.endpointId),
        eq(webhookDeliveries.id, key.deliveryId),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A webhook's deliveries, newest first, `limit` at a time before `beforeId`. */
export async function listDeliveries(
  db: Db,
  key: { companyId: number; endpointId: number },
  page: { limit: number; beforeId?: number },
): Promise<WebhookDelivery[]> {
  const d = webhookDeliveries;
  const rows = await db
    .select()
    .from(d)
    .where(
      and(
        eq(d.companyId, key.companyId),
        eq(d.endpointId, key.endpointId),
        page.beforeId === undefined ? undefined : lt(d.id, page.beforeId),
      ),
    )
    .orderBy(desc(d.id))
    .limit(page.limit);
  const iso = (value: Date | null) => (value === null ? null : value.toISOString());
  return rows.map((row) => ({
    id: row.id,
    message_id: row.messageId,
    event: row.eventType,
    tax_form_id: row.taxFormId,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    failure: row.failure as WebhookFailure | null,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  }));
}
