import type { ShopDetail } from '@taxfree/domain';

/** A Croatian shop as `GET …/retailers/{branchId}` answers it, its company's legal identity complete. */
export const TEST_SHOP: ShopDetail = {
  retailer_branch_id: 9,
  branch_name: 'Riva',
  website: null,
  description: null,
  logo: null,
  path: null,
  location: null,
  product_category: '',
  address: null,
  city: null,
  postcode: null,
  phone: null,
  email: null,
  legal_name: 'Jadran Moda d.o.o.',
  legal_address: 'Ilica 12, 10000 Zagreb',
  vat_number: 'HR69435151530',
};

/** A VAT number each served country accepts (its check digit right). */
export const TEST_VAT_NUMBERS: Record<string, string> = {
  HR: 'HR69435151530',
  SI: 'SI58347887',
  RS: '104708953',
  BA: '200123450009',
};

/** Whether a request is the shop information's GET or PUT (`…/companies/{id}/retailers/{id}`). */
export const isShopPath = (url: URL) => /\/companies\/[^/]+\/retailers\/[^/]+$/.test(url.pathname);

/**
 * The shop information's answer, with `changes` over TEST_SHOP; `country` gives the company a VAT
 * number of its own country.
 */
export function shopReply(changes: Partial<ShopDetail> = {}, country = 'HR') {
  const vat_number = TEST_VAT_NUMBERS[country] ?? TEST_SHOP.vat_number;
  return {
    body: { status: 'success', message: 'OK', data: { ...TEST_SHOP, vat_number, ...changes } },
  };
}
