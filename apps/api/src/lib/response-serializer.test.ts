import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEnvelope } from '@taxfree/domain';
import { compileSerializer, withNullables } from './response-serializer.ts';

const item = z.object({
  id: z.number().check(z.int()),
  barcode: z.string(),
  status: z.enum(['FORM_ISSUED', 'FORM_VALIDATED']),
  cancelled: z.literal(['0', '1']),
  traveller: z.string().nullable(),
  refund: z.number().nullable(),
  issuedAt: z.iso.datetime(),
  card: z.object({ masked: z.string(), brand: z.string().nullable() }).nullable(),
  note: z.string().optional(),
  tags: z.array(z.string()),
  totals: z.record(z.string(), z.number()),
});
const envelope = listEnvelope(item);

const row = {
  id: 7,
  barcode: '385000000071',
  status: 'FORM_ISSUED' as const,
  cancelled: '0' as const,
  traveller: 'Željka "Ž" Horvat\n',
  refund: null,
  issuedAt: '2026-11-24T08:30:00.000Z',
  card: { masked: '•••• 4242', brand: null },
  tags: ['a', 'b'],
  totals: { '25': 12.5, '13': 1.3 },
};

describe('the compiled response serializer', () => {
  it('writes what zod and JSON.stringify write (an optional field may come last)', () => {
    const serialize = compileSerializer(envelope)!;
    expect(serialize).not.toBeNull();
    const answers = [
      { status: 'success', message: 'OK', data: [row], metadata: { total: 1 } },
      {
        status: 'success',
        message: 'Uredu',
        data: [{ ...row, traveller: null, refund: 39.99, card: null, note: 'x', tags: [] }],
        metadata: { total: 1 },
      },
      { status: 'success', message: '', data: [], metadata: { total: 0 } },
    ];
    for (const answer of answers) {
      const written = serialize(answer);
      expect(JSON.parse(written)).toStrictEqual(z.encode(envelope, answer as never));
      expect(written.length).toBe(JSON.stringify(z.encode(envelope, answer as never)).length);
    }
  });

  it('never writes a property the schema does not declare, at any depth', () => {
    const serialize = compileSerializer(envelope)!;
    const leaky = {
      status: 'success',
      message: 'OK',
      secret: 'top',
      data: [{ ...row, passwordHash: 'x', card: { ...row.card, number: '4242424242424242' } }],
      metadata: { total: 1, sql: 'select' },
    };
    const written = serialize(leaky);
    expect(written).not.toMatch(/secret|passwordHash|4242424242424242|sql/);
    expect(JSON.parse(written)).toEqual(
      JSON.parse(JSON.stringify(z.encode(envelope, leaky as never))),
    );
  });

  it('leaves to zod a schema JSON Schema cannot express', () => {
    const withTransform = z.object({ total: z.number().transform((cents) => cents / 100) });
    expect(compileSerializer(withTransform)).toBeNull();
  });

  it('reads a nullable field as one type that may be null', () => {
    expect(
      withNullables({
        type: 'object',
        properties: { a: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] } },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string', minLength: 1, nullable: true } },
    });
    // A union of two real types stays a union.
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(withNullables(union)).toEqual(union);
    // Constants are data: an anyOf inside one is left alone.
    const constant = { const: { anyOf: [{ type: 'string' }, { type: 'null' }] } };
    expect(withNullables(constant)).toEqual(constant);
  });
});
