import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '@taxfree/domain';
import { queryRows, type Tx } from '../client.ts';
import { taxForms, webhookEndpoints, webhookDeliveries } from '../schema/index.ts';

/**
 * Writes a form's event to the outbox of every webhook of its company that subscribes to it, in
 * the caller's transaction: the message exists exactly when the change does, and a crash between
 * the commit and the send loses nothing (the worker finds it). The body is the form as it stands
 * now, with the change's time; `previousStatus` is the stage a stage change left. Answers how
 * many deliveries were queued (0 for a company without webhooks: one index probe).
 */
export async function queueFormEvent(
  tx: Tx,
  event: {
    companyId: number;
    formId: number;
    type: WebhookEvent;
    previousStatus?: string;
  },
): Promise<number> {
  const previous = event.previousStatus ?? null;
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into ${webhookDeliveries}
          (company_id, endpoint_id, message_id, event_type, tax_form_id, body)
        select e.company_id, e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
               ${event.type}, f.id,
               jsonb_build_object(
                 'type', ${event.type}::text,
                 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                 'data', jsonb_strip_nulls(jsonb_build_object(
                   'id', f.id,
                   'barcode', f.barcode,
                   'retailer_branch_id', f.branch_id,
                   'status', f.status,
                   'previous_status', ${previous}::text,
                   'cancelled', f.cancelled,
                   'version', f.version,
                   'customer_refund', f.customer_refund::text
                 ))
               )::text
        from ${webhookEndpoints} e
        join ${taxForms} f on f.company_id = e.company_id and f.id = ${event.formId}
        where e.company_id = ${event.companyId} and ${event.type}::text = any(e.events)
        returning id`,
  );
  return rows.length;
}
