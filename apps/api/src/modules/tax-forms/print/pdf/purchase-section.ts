import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { fieldGrid } from './field-grid.ts';
import { formatDate, joined } from './form-text.ts';
import { SECTION_HEIGHT, type FormWriter } from './form-writer.ts';
import { CONTENT_WIDTH, PAGE } from './pdf-page.ts';

const SHIPMENT_KEYS: Record<string, string> = {
  'Carried by the traveller': 'carried',
  'Sent by post': 'post',
  'Sent by freight forwarding company': 'freight',
};

/** The purchase: its dates, the traveller's stay and destination, how the goods leave, the goods. */
export function drawPurchase(w: FormWriter, form: TaxFormDetail['form']) {
  const { both, plain, country } = w.text;
  const shipment = form.methodOfShipment ? SHIPMENT_KEYS[form.methodOfShipment] : undefined;
  w.ensure(SECTION_HEIGHT + 40);
  w.section(both('purchase'));
  w.y = fieldGrid(
    w,
    [
      { label: both('dateOfSales'), value: formatDate(form.dateOfSales) },
      { label: both('dateArrived'), value: formatDate(form.dateArrived) },
      { label: both('dateLeaving'), value: formatDate(form.dateLeaving) },
      { label: both('finalDestination'), value: country(form.countryFinal) },
      {
        label: both('shipment'),
        value: shipment ? joined(plain(`shipmentMethods.${shipment}`)) : form.methodOfShipment,
        span: 2,
      },
      {
        label: both('freightForwarder'),
        value: [form.freightForwardName, form.freightForwardAddress].filter(Boolean).join(', '),
        span: 2,
      },
      { label: both('items'), value: form.items, span: 2 },
    ],
    PAGE.margin,
    CONTENT_WIDTH,
    4,
  );
}
