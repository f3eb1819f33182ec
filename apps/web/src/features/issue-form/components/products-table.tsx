import { type AmountSettings, localToday } from '@taxfree/domain';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Input,
  Select,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { mergeRefs } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { IconPlus } from '@/components/icons';
import { useDropdownPortal } from '@/hooks/use-dropdown-portal';
import { formatAmount } from '@/lib/format';
import { computeProductTotals } from '../model/amounts';
import { emptyProduct, type IssueFormValues, type ProductValues } from '../model/form-values';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { TextField, useErrorOf } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

type ProductsTableProps = {
  rates: number[];
  /** The company's classification codes with their names, offered while typing a code. */
  classifications: readonly { category_id: string; name: string }[];
  amounts: AmountSettings;
  currency: string;
  referenceRequired: boolean;
  withInvoiceDate: boolean;
};

type TextColumn = Exclude<keyof ProductValues, 'vat_rate'>;

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
  const { control, register, trigger } = useFormContext<IssueFormValues>();
  const errorOf = useErrorOf();
  const dropdown = useDropdownPortal();
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const products = useWatch({ control, name: 'products' });
  const [finished, setFinished] = useState(false);
  const totals = useMemo(() => computeProductTotals(products ?? [], amounts), [products, amounts]);
  const rateOptions = useMemo(() => {
    const all = new Set(rates);
    for (const row of products ?? []) {
      if (row.vat_rate !== '') all.add(Number(row.vat_rate));
    }
    return [...all].map((rate) => ({
      value: String(rate),
      label: t('issueForm.table.rateOption', { rate }),
    }));
  }, [rates, products, t]);
  const classificationNames = useMemo(
    () => new Map(classifications.map((c) => [c.category_id, c.name])),
    [classifications],
  );
  const money = (value: string) => formatAmount(value, currency);
  const columns: Record<keyof ProductValues, string> = {
    classification: t('issueForm.products.classification'),
    description: t('issueForm.products.description'),
    quantity: t('issueForm.products.quantity'),
    serial_number: t('issueForm.products.serialNumber'),
    net_amount: t('issueForm.products.netAmount'),
    vat_rate: t('issueForm.products.vatRate'),
    simplified_invoice_number: t('issueForm.products.invoiceNumber'),
    simplified_invoice_date: t('issueForm.products.invoiceDate'),
  };
  const order: (keyof ProductValues)[] = [
    'classification',
    'description',
    'quantity',
    'serial_number',
    'net_amount',
    'vat_rate',
    'simplified_invoice_number',
    'simplified_invoice_date',
  ];
  const numeric = new Set<keyof ProductValues>(['quantity', 'net_amount']);

  const finish = async () => {
    setFinished(await trigger('products'));
  };

  const textCell = (index: number, name: TextColumn) => {
    const path = `products.${index}.${name}` as const;
    return (
      <TextInput
        {...register(path, { onChange: () => setFinished(false) })}
        aria-label={t('issueForm.products.cellLabel', { column: columns[name], row: index + 1 })}
        type={name === 'simplified_invoice_date' ? 'date' : 'text'}
        inputMode={numeric.has(name) ? (name === 'quantity' ? 'numeric' : 'decimal') : undefined}
        autoComplete="off"
        className={numeric.has(name) ? classes.amountInput : undefined}
        error={errorOf(path)}
      />
    );
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
          <TextField
            name="taxform.invoice_date"
            label={t('issueForm.fields.invoiceDate')}
            type="date"
          />
        )}
      </div>
      <div className={classes.tableScroll}>
        <Table className={classes.productsTable} verticalSpacing="xs" captionSide="top">
          <Table.Caption>{t('issueForm.products.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {order.map((name) => (
                <Table.Th
                  key={name}
                  scope="col"
                  className={numeric.has(name) ? classes.amountCell : undefined}
                >
                  {columns[name]}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('issueForm.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => (
              <Table.Tr key={field.id} data-testid="product-row">
                {order.map((name) => (
                  <Table.Td
                    key={name}
                    className={name === 'vat_rate' ? classes.rateCell : classes.productCell}
                  >
                    {name === 'vat_rate' ? (
                      <Controller
                        control={control}
                        name={`products.${index}.vat_rate`}
                        render={({ field: rate }) => (
                          <Select
                            ref={mergeRefs(rate.ref, dropdown.ref)}
                            name={rate.name}
                            aria-label={t('issueForm.products.cellLabel', {
                              column: columns.vat_rate,
                              row: index + 1,
                            })}
                            data={rateOptions}
                            value={rate.value || null}
                            onChange={(value) => {
                              rate.onChange(value ?? '');
                              setFinished(false);
                            }}
                            onBlur={rate.onBlur}
                            allowDeselect={false}
                            error={errorOf(rate.name)}
                            comboboxProps={dropdown.comboboxProps}
                          />
                        )}
                      />
                    ) : name === 'classification' && classifications.length > 0 ? (
                      <Controller
                        control={control}
                        name={`products.${index}.classification`}
                        render={({ field: code }) => (
                          <Autocomplete
                            ref={mergeRefs(code.ref, dropdown.ref)}
                            name={code.name}
                            aria-label={t('issueForm.products.cellLabel', {
                              column: columns.classification,
                              row: index + 1,
                            })}
                            data={[...classificationNames.keys()]}
                            renderOption={({ option }) =>
                              `${option.value} · ${classificationNames.get(option.value) ?? ''}`
                            }
                            value={code.value}
                            onChange={(value) => {
                              code.onChange(value);
                              setFinished(false);
                            }}
                            onBlur={code.onBlur}
                            autoComplete="off"
                            error={errorOf(code.name)}
                            comboboxProps={dropdown.comboboxProps}
                          />
                        )}
                      />
                    ) : (
                      textCell(index, name)
                    )}
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('issueForm.products.remove', { row: index + 1 })}
                    disabled={fields.length === 1}
                    onClick={() => {
                      remove(index);
                      setFinished(false);
                    }}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
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
      {finished && (
        <dl className={classes.totals} aria-label={t('issueForm.products.totals')}>
          <div>
            <dt>{t('issueForm.table.net')}</dt>
            <dd data-testid="products-total-net">{money(totals.net_amount)}</dd>
          </div>
          <div>
            <dt>{t('issueForm.table.vat')}</dt>
            <dd data-testid="products-total-vat">{money(totals.vat_amount)}</dd>
          </div>
          <div>
            <dt>{t('issueForm.table.gross')}</dt>
            <dd data-testid="products-total-gross">{money(totals.gross_sales_price)}</dd>
          </div>
          <div>
            <dt>{t('issueForm.table.refund')}</dt>
            <dd data-testid="products-total-refund">{money(totals.customer_refund)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
