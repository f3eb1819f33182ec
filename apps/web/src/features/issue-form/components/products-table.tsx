import { type AmountSettings, localToday } from '@taxfree/domain';
import { Button, Input, Table, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { formatAmount } from '@/lib/format';
import { computeProductTotals } from '../model/amounts';
import { emptyProduct, type IssueFormValues } from '../model/tax-form-values';
import { DayField, TextField, useErrorOf } from './fields';
import classes from './issue-form.module.css';
import { useProductColumnNames } from './product-columns';
import { ProductRow } from './product-row';
import { ProductsTableHead } from './products-table-head';
import { ProductTotals } from './product-totals';
import { useSectionHeadingLevel } from './section-heading';
import { useRateOptions } from './use-rate-options';

type ProductsTableProps = {
  rates: number[];
  /** The company's classification codes with their names, offered while typing a code. */
  classifications: readonly { category_id: string; name: string }[];
  amounts: AmountSettings;
  currency: string;
  referenceRequired: boolean;
  withInvoiceDate: boolean;
};

/**
 * The products table (tax_free_setting.products_in_tfs_form): one row per product, which together
 * make up the form's single invoice. Finish Invoice checks the rows and shows the invoice's VAT,
 * gross and refund, computed with the domain's `computeProducts` as the server will.
 */
export function ProductsTable({
  rates,
  classifications,
  amounts,
  currency,
  referenceRequired,
  withInvoiceDate,
}: ProductsTableProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control, trigger, getFieldState } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const products = useWatch({ control, name: 'products' });
  const [finished, setFinished] = useState(false);
  const totals = useMemo(() => computeProductTotals(products ?? [], amounts), [products, amounts]);
  const rateOptions = useRateOptions(
    rates,
    (products ?? []).map((row) => row.vat_rate),
  );
  const classificationNames = useMemo(
    () => new Map(classifications.map((c) => [c.category_id, c.name])),
    [classifications],
  );
  const money = (value: string) => formatAmount(value, currency);
  const columns = useProductColumnNames();

  const finish = async () => {
    setFinished(await trigger('products'));
  };

  /**
   * A changed row shows its totals again only after Finish Invoice. A row Finish Invoice found
   * wanting is checked again as it is corrected, so its messages go as the clerk types: were they
   * to go when the field is left, the table would shrink under the pointer, and a click on Finish
   * Invoice could miss.
   */
  const rowChanged = (index: number) => {
    setFinished(false);
    if (getFieldState(`products.${index}`).invalid) void trigger(`products.${index}`);
  };

  return (
    <section className={classes.section} aria-labelledby="issue-products">
      <Title order={headingLevel} size="h4" id="issue-products" className={classes.sectionTitle}>
        {t('issueForm.sections.products')}
      </Title>
      <div className={classes.fields}>
        <TextField
          name="taxform.invoice_reference_number"
          label={t('issueForm.fields.invoiceReference')}
          required={referenceRequired}
          autoComplete="off"
        />
        {withInvoiceDate && (
          <DayField name="taxform.invoice_date" label={t('issueForm.fields.invoiceDate')} />
        )}
      </div>
      <div className={classes.productsScroll}>
        <Table className={classes.productsTable} verticalSpacing="xs" captionSide="top">
          <Table.Caption>{t('issueForm.products.caption')}</Table.Caption>
          <ProductsTableHead columns={columns} />
          <Table.Tbody>
            {fields.map((field, index) => (
              <ProductRow
                key={field.id}
                index={index}
                columns={columns}
                rateOptions={rateOptions}
                classificationNames={classificationNames}
                canRemove={fields.length > 1}
                onRemove={() => {
                  remove(index);
                  setFinished(false);
                }}
                onChange={() => rowChanged(index)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {errorOf('products') && <Input.Error role="alert">{errorOf('products')}</Input.Error>}
      <div className={classes.rowActions}>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            append(emptyProduct(localToday(), rates[0]));
            setFinished(false);
          }}
        >
          {t('issueForm.products.add')}
        </Button>
        <Button variant="outline" onClick={() => void finish()}>
          {t('issueForm.products.finish')}
        </Button>
      </div>
      {finished && <ProductTotals totals={totals} money={money} />}
    </section>
  );
}
