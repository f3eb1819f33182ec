import { count } from 'drizzle-orm';
import {
  excludedGoodsCategories,
  findCountryRules,
  STANDARD_PROMOTION_CATEGORIES,
  STARTING_PRODUCT_CATEGORIES,
} from '@taxfree/domain';
import type { Db, Tx } from '../client.ts';
import {
  branches,
  companies,
  productCategories,
  promotionCategories,
  settings,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { FileStore } from '../../lib/files/file-store.ts';
import { seedContent } from './demo-content.ts';
import {
  DEMO_ACCOUNT,
  DEMO_CLERK,
  DEMO_FIRST_BRANCH,
  DEMO_COUNTRY,
  DEMO_SECOND_BRANCH,
  DEMO_SETTINGS,
} from './demo-data.ts';
import { seedForms } from './demo-forms.ts';

export { DEMO_ACCOUNT, DEMO_CLERK, DEMO_SETTINGS, demoAccountLine } from './demo-data.ts';

export async function isDatabaseEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo retailer of the Contract: account 100100, user demo / demo1234, Croatia mode on,
 * rates 25/13/5, four refund methods, forms in every stage over the last two months, and a few
 * promotions and gallery items with real images.
 */
export async function seedDemo(tx: Tx, files: FileStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);

  {
    const [company] = await tx
      .insert(companies)
      .values({
        accountNo: DEMO_ACCOUNT.accountNo,
        name: 'Jadran Moda d.o.o.',
        legalName: 'Jadran Moda d.o.o.',
        country: DEMO_COUNTRY.country,
        timeZone: DEMO_COUNTRY.timeZone,
        ushopSetting: String(DEMO_COUNTRY.hasCroatiaMode),
        currency: DEMO_COUNTRY.currency,
        vatNumber: 'HR69435151530',
        address: 'Ilica 12, 10000 Zagreb, Hrvatska',
      })
      .returning({ id: companies.id });
    const companyId = company!.id;

    const [branch] = await tx
      .insert(branches)
      .values({
        companyId,
        branchName: DEMO_FIRST_BRANCH,
        website: 'https://jadran-moda.example',
        description: 'Fashion, leather goods and accessories in the heart of Zagreb.',
        location: JSON.stringify({ latitude: 45.8131, longitude: 15.9719 }),
        productCategory: 'CLOTHING,LEATHER',
        address: 'Ilica 12',
        city: 'Zagreb',
        postcode: '10000',
        phone: '+385 1 4833 210',
        email: 'ilica@jadran-moda.example',
      })
      .returning({ id: branches.id });
    const branchId = branch!.id;

    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        branchId,
        username: DEMO_ACCOUNT.username,
        passwordHash,
        name: 'Ana Kovačević',
        email: 'demo@jadran-moda.example',
        mobile: '+385 91 555 0100',
        country: DEMO_COUNTRY.country,
        mustChangePassword: false,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await tx.insert(users).values({
      companyId,
      branchId,
      username: DEMO_CLERK.username,
      passwordHash: await hashPassword(DEMO_CLERK.password),
      name: DEMO_CLERK.name,
      email: DEMO_CLERK.email,
      mobile: DEMO_CLERK.mobile,
      country: DEMO_COUNTRY.country,
      role: 'clerk',
      mustChangePassword: false,
    });
    await tx.insert(branches).values({
      companyId,
      branchName: DEMO_SECOND_BRANCH,
      address: 'Obala hrvatskog narodnog preporoda 7',
      city: 'Split',
      postcode: '21000',
    });

    await tx.insert(settings).values({
      companyId,
      generalSetting: DEMO_SETTINGS.general,
      taxFreeSetting: DEMO_SETTINGS.taxFree,
      vatSetting: DEMO_SETTINGS.vat,
      refundCalculationSetting: DEMO_SETTINGS.refund,
    });
    await seedCatalogues(tx, companyId, DEMO_COUNTRY.country);
    await seedForms(tx, companyId, branchId, userId);
    await seedContent(tx, files, companyId, branchId);
  }
}

/**
 * A new company's product categories and promotion audiences. Where its country (ISO 3166-1
 * alpha-2) excludes goods from refunds, the categories name them, so that the clerk who picks one
 * is told before issuing.
 */
export async function seedCatalogues(
  tx: Tx | Db,
  companyId: number,
  country: string,
): Promise<void> {
  const rules = findCountryRules(country);
  await tx.insert(productCategories).values([
    ...Object.entries(STARTING_PRODUCT_CATEGORIES).map(([code, name]) => ({
      companyId,
      code,
      name,
    })),
    ...(rules ? excludedGoodsCategories(rules) : []).map((category) => ({
      companyId,
      ...category,
    })),
  ]);
  await tx.insert(promotionCategories).values(
    Object.entries(STANDARD_PROMOTION_CATEGORIES).map(([value, label]) => ({
      companyId,
      value,
      label,
    })),
  );
}
