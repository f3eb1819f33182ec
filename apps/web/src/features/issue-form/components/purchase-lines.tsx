import type { AmountSettings } from '@taxfree/domain';
import type { TfsSettings } from '@/lib/company-data';
import { type Tenant, useProductClassifications } from '../api/issue-form-api';
import { InvoicesSection } from './invoices-section';
import { ProductsTable } from './products-table';
import type { JudgeEligibility } from './use-eligibility';

type PurchaseLinesProps = {
  tenant: Tenant;
  /** The shop's country (ISO 3166-1 alpha-2). */
  country: string;
  judge: JudgeEligibility;
  settings: TfsSettings;
  amounts: AmountSettings;
  currency: string;
  /** Croatia-customised mode: invoice dates are asked for. */
  withInvoiceDate: boolean;
};

/** What was bought: the products table or the invoice table, as the company's settings say. */
export function PurchaseLines({
  tenant,
  country,
  judge,
  settings,
  amounts,
  currency,
  withInvoiceDate,
}: PurchaseLinesProps) {
  const { general_setting: general, tax_free_setting: taxFree } = settings;
  const rates = settings.vat_setting.product_rates_array;
  const productsMode = taxFree.products_in_tfs_form === 1;
  const classifications = useProductClassifications(tenant, productsMode);
  const referenceRequired = general.invoice_ref_no_required === 1;

  return productsMode ? (
    <ProductsTable
      rates={rates}
      classifications={classifications.data ?? []}
      amounts={amounts}
      currency={currency}
      referenceRequired={referenceRequired}
      withInvoiceDate={withInvoiceDate}
    />
  ) : (
    <InvoicesSection
      tenant={tenant}
      country={country}
      judge={judge}
      rates={rates}
      amounts={amounts}
      currency={currency}
      referenceRequired={referenceRequired}
      withInvoiceDate={withInvoiceDate}
      multiple={general.multiple_invoice_required === 1}
    />
  );
}
