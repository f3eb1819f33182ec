import { FREIGHT_FORWARDING, SHIPMENT_METHODS, type ShipmentMethod } from '@taxfree/domain';
import { TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '@/lib/format';
import type { IssueFormValues } from '../model/tax-form-values';
import { DayField, SelectField, TextField } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

const SHIPMENT_LABEL_KEYS = {
  'Carried by the traveller': 'issueForm.shipmentMethods.carried',
  'Sent by post': 'issueForm.shipmentMethods.post',
  'Sent by freight forwarding company': 'issueForm.shipmentMethods.freight',
} as const satisfies Record<ShipmentMethod, string>;

type PurchaseSectionProps = {
  countries: { value: string; label: string }[];
  required: { items: boolean; shipment: boolean; finalDestination: boolean };
};

/** Purchase: details, travel dates, final destination, date of sale and shipment (SPEC 2). */
export function PurchaseSection({ countries, required }: PurchaseSectionProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const [shipment, dateOfSales] = useWatch({
    control,
    name: ['taxform.method_of_shipment', 'taxform.date_of_sales'],
  });
  const shipmentOptions = SHIPMENT_METHODS.map((value) => ({
    value,
    label: t(SHIPMENT_LABEL_KEYS[value]),
  }));

  return (
    <section className={classes.section} aria-labelledby="issue-purchase">
      <Title order={headingLevel} size="h4" id="issue-purchase" className={classes.sectionTitle}>
        {t('issueForm.sections.purchase')}
      </Title>
      <div className={classes.fields}>
        <div className={classes.wide}>
          <TextField
            name="taxform.items"
            label={t('issueForm.fields.items')}
            required={required.items}
            multiline
          />
        </div>
        <DayField
          name="taxform.date_arrived"
          label={t('issueForm.fields.dateArrived')}
          required={required.finalDestination}
        />
        <DayField
          name="taxform.date_leaving"
          label={t('issueForm.fields.dateLeaving')}
          required={required.finalDestination}
        />
        <SelectField
          name="taxform.country_final"
          label={t('issueForm.fields.finalDestination')}
          required={required.finalDestination}
          data={countries}
          searchable
          clearable
        />
        <TextInput
          label={t('issueForm.fields.dateOfSales')}
          value={formatDate(dateOfSales)}
          readOnly
        />
        <SelectField
          name="taxform.method_of_shipment"
          label={t('issueForm.fields.shipment')}
          required={required.shipment}
          data={shipmentOptions}
          clearable={!required.shipment}
        />
        {shipment === FREIGHT_FORWARDING && (
          <>
            <TextField
              name="taxform.freight_forward_name"
              label={t('issueForm.fields.freightName')}
              required
            />
            <div className={classes.wide}>
              <TextField
                name="taxform.freight_forward_address"
                label={t('issueForm.fields.freightAddress')}
                required
                multiline
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
